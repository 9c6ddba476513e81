// What an end-to-end test starts and must put away: its emulator and its temporary folder, stopped
// and removed after each test (the afterEach is registered here, once per file that calls it).
import { rm } from 'node:fs/promises';
import { afterEach } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/types.js';

export interface PerTest {
  emulator?: RunningEmulator | undefined;
  dir?: string | undefined;
}

export function perTest(): PerTest {
  const held: PerTest = {};
  afterEach(async () => {
    await held.emulator?.stop();
    if (held.dir) await rm(held.dir, { recursive: true, force: true });
    held.emulator = undefined;
    held.dir = undefined;
  });
  return held;
}
