// The load generator: keeps `connections` GET requests in flight over keep-alive connections for
// a warm-up and then a measured window, cycling through the scenario's paths.
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface LoadJob {
  readonly origin: string;
  readonly token: string;
  readonly paths: readonly string[];
  readonly connections: number;
  readonly durationMs: number;
  readonly warmupMs: number;
  /** Called when the warm-up ends and when the measured window ends. */
  readonly onWindow: (edge: 'start' | 'end') => Promise<void>;
}

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly elapsedMs: number;
  readonly byStatus: Record<number, number>;
}

export async function generateLoad(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1 });
  const headers = { authorization: `Bearer ${job.token}`, accept: 'application/vnd.api+json' };
  const byStatus: Record<number, number> = {};
  let measuring = false;
  let stopping = false;
  let requests = 0;
  let errors = 0;
  let next = 0;
  const loop = async (): Promise<void> => {
    while (!stopping) {
      const path = job.paths[next++ % job.paths.length] ?? '/';
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.dump();
        if (!measuring) continue;
        requests += 1;
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      } catch {
        errors += 1;
      }
    }
  };
  const loops = Promise.all(Array.from({ length: job.connections }, loop));
  await new Promise((r) => setTimeout(r, job.warmupMs));
  await job.onWindow('start');
  measuring = true;
  const start = performance.now();
  await new Promise((r) => setTimeout(r, job.durationMs));
  measuring = false;
  const elapsedMs = performance.now() - start;
  await job.onWindow('end');
  stopping = true;
  await loops;
  await pool.close();
  return { requests, errors, elapsedMs, byStatus };
}
