// Load generator, run in a worker thread so that it never shares the emulator's event loop: keeps
// `connections` GET requests in flight over keep-alive connections for `durationMs`, then reports.
import { parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';

export interface LoadJob {
  readonly origin: string;
  readonly token: string;
  readonly paths: readonly string[];
  readonly connections: number;
  readonly durationMs: number;
  readonly warmupMs: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly elapsedMs: number;
  readonly byStatus: Record<number, number>;
}

async function run(job: LoadJob): Promise<LoadResult> {
  const pool = new Pool(job.origin, { connections: job.connections, pipelining: 1 });
  const headers = { authorization: `Bearer ${job.token}`, accept: 'application/vnd.api+json' };
  const byStatus: Record<number, number> = {};
  let requests = 0;
  let errors = 0;
  let next = 0;
  const start = performance.now();
  const measureFrom = start + job.warmupMs;
  const end = measureFrom + job.durationMs;
  const loop = async (): Promise<void> => {
    while (performance.now() < end) {
      const path = job.paths[next++ % job.paths.length] ?? '/';
      try {
        const res = await pool.request({ path, method: 'GET', headers });
        await res.body.dump();
        if (performance.now() < measureFrom) continue;
        requests += 1;
        byStatus[res.statusCode] = (byStatus[res.statusCode] ?? 0) + 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: job.connections }, loop));
  const elapsedMs = performance.now() - measureFrom;
  await pool.close();
  return { requests, errors, elapsedMs, byStatus };
}

if (parentPort) {
  const port = parentPort;
  void run(workerData as LoadJob).then((result) => port.postMessage(result));
}
