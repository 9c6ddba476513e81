// The emulator of a benchmark, in its own process: started with a scenario name, it answers
// 'cpu' messages with its CPU time, so the bench can report requests per CPU-second of the emulator
// alone (the machine may be shared; wall-clock throughput then understates it).
import { DEFAULT_ADMIN_TOKEN, startEmulator } from '../emulator/index.js';
import { SCENARIOS } from './scenarios.js';

export type ToParent = { kind: 'ready'; url: string } | { kind: 'cpu'; micros: number };

async function main(): Promise<void> {
  const make = SCENARIOS[process.argv[2] ?? ''];
  if (!make || !process.send) throw new Error('usage: emulator-process.js SCENARIO (forked with IPC)');
  const emulator = await startEmulator({ seed: make().seed, rateLimit: 0, faults: {}, adminToken: DEFAULT_ADMIN_TOKEN });
  const send = (message: ToParent): void => void process.send?.(message);
  process.on('message', (message: unknown) => {
    if (message === 'cpu') {
      const usage = process.cpuUsage();
      send({ kind: 'cpu', micros: usage.user + usage.system });
    } else if (message === 'stop') {
      void emulator.stop().then(() => process.exit(0));
    }
  });
  send({ kind: 'ready', url: emulator.url });
}

main().catch((error: unknown) => {
  process.stderr.write(`bench emulator: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
