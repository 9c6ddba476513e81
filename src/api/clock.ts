// Time, injected: the limiter and the retries read it through this so unit tests run on a fake.
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: async (ms) => {
    if (ms > 0) await delay(ms);
  },
};
