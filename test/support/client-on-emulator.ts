// The client tests' set-up: before each test, the emulator on a seed and a TfeClient on it with the
// canary token (fast retries, no rate limit to speak of); after it, no request carried the canary in
// the clear (api/script-server.ts, expectNoCanary), and both closed.
import { afterEach, beforeEach } from 'vitest';
import { TfeClient } from '../../src/api/client.js';
import { startEmulator } from '../../src/emulator/start.js';
import type { RunningEmulator, SeedDocument } from '../../src/emulator/types.js';
import { CANARY, expectNoCanary } from '../api/script-server.js';

export interface OnEmulator {
  /** The current test's emulator and client (read inside a test, never at collection). */
  readonly emu: RunningEmulator;
  readonly client: TfeClient;
}

export function clientOnEmulator(seed: () => SeedDocument): OnEmulator {
  let emu: RunningEmulator | undefined;
  let client: TfeClient | undefined;
  beforeEach(async () => {
    emu = await startEmulator({ seed: seed(), rateLimit: 0 });
    client = new TfeClient({ baseUrl: `${emu.url}/api/v2`, token: CANARY, rateLimit: 1000, retry: { baseDelayMs: 5, maxDelayMs: 20 } });
  });
  afterEach(async () => {
    expectNoCanary(emu?.requests);
    await client?.close();
    await emu?.stop();
    emu = undefined;
    client = undefined;
  });
  return {
    get emu() {
      if (!emu) throw new Error('no emulator outside a test');
      return emu;
    },
    get client() {
      if (!client) throw new Error('no client outside a test');
      return client;
    },
  };
}
