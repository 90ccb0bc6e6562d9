import { describe, expect, it } from 'vitest';
import { SpacedStartLimiter } from './rate-limiter.ts';

describe('SpacedStartLimiter', () => {
  it('spaces starts 60000/perMinute ms apart, in call order, from the first one', async () => {
    let clock = 1000;
    const waits: number[] = [];
    const limiter = new SpacedStartLimiter(
      600,
      () => clock,
      async (ms) => {
        waits.push(ms);
      },
    );
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(waits).toEqual([100, 200]);
    clock = 5000;
    await limiter.acquire();
    expect(waits).toEqual([100, 200]);
  });

  it('really waits, measured on the clock', async () => {
    const limiter = new SpacedStartLimiter(1200);
    const start = performance.now();
    for (let index = 0; index < 4; index += 1) await limiter.acquire();
    expect(performance.now() - start).toBeGreaterThanOrEqual(3 * 50 - 5);
  });

  it('refuses a non-positive rate', () => {
    expect(() => new SpacedStartLimiter(0)).toThrow(RangeError);
  });
});
