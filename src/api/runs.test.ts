import { describe, expect, it } from 'vitest';
import type { Clock } from './clock.js';
import { MinutePacer } from './runs.js';

/** A clock whose sleeps move it forward, recording each. */
function fakeClock(): Clock & { slept: number[] } {
  let now = 1000;
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

describe('MinutePacer (docs/api.md, "Runs index": 30 requests a minute)', () => {
  it('lets the first 30 go at once, then one every two seconds (and 2% more), as the service refills', async () => {
    const clock = fakeClock();
    const pacer = new MinutePacer(30, clock);
    for (let i = 0; i < 30; i += 1) await pacer.take();
    expect(clock.slept).toEqual([]);
    for (let i = 0; i < 3; i += 1) await pacer.take();
    expect(clock.slept).toEqual([2040, 2040, 2040]);
  });

  it('counts from its first request, not from when it was made: time before the first request adds no token', async () => {
    const clock = fakeClock();
    const pacer = new MinutePacer(30, clock);
    await clock.sleep(60_000);
    for (let i = 0; i < 31; i += 1) await pacer.take();
    expect(clock.slept).toEqual([60_000, 2040]);
  });

  it('counts from the first answer: a first request that waited behind other reads gets no tokens for that wait', async () => {
    const clock = fakeClock();
    const pacer = new MinutePacer(30, clock);
    await pacer.take();
    await clock.sleep(6000); // queued, then answered: the service's bucket started on arrival, near the answer
    pacer.firstAnswered();
    for (let i = 0; i < 29; i += 1) await pacer.take();
    await pacer.take();
    // Counted from the request, the 6 s would have refilled 3 tokens and the 31st request would have gone at once.
    expect(clock.slept).toEqual([6000, 2040]);
  });

  it('0 paces nothing', async () => {
    const clock = fakeClock();
    const pacer = new MinutePacer(0, clock);
    for (let i = 0; i < 100; i += 1) await pacer.take();
    expect(clock.slept).toEqual([]);
  });
});
