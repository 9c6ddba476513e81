// Time, injected: the limiter and the retries read it through this so unit tests run on a fake.
import { setTimeout as delay } from 'node:timers/promises';

export interface Clock {
  /** Milliseconds, monotonic. */
  now(): number;
  /** Ends early, rejecting with the signal's reason, when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => performance.now(),
  sleep: async (ms, signal) => {
    signal?.throwIfAborted();
    if (ms <= 0) return;
    try {
      await delay(ms, undefined, signal ? { signal } : {});
    } catch (error: unknown) {
      throw signal?.aborted ? signal.reason : error;
    }
  },
};
