import { describe, expect, it } from 'vitest';
import { runPool } from './pool.ts';
import { sleep } from './sleep.ts';

describe('runPool', () => {
  it('never has more than `concurrency` workers under way, and runs every item', async () => {
    let inFlight = 0;
    let most = 0;
    const seen: number[] = [];
    await runPool([...Array(20).keys()], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await sleep(2);
      seen.push(item);
      inFlight -= 1;
    });
    expect(most).toBe(3);
    expect(seen.sort((a, b) => a - b)).toEqual([...Array(20).keys()]);
  });

  it('starts nothing more once the signal aborts', async () => {
    const controller = new AbortController();
    const started = await runPool(
      [...Array(10).keys()],
      2,
      async (item) => {
        if (item === 3) controller.abort();
        await sleep(1);
      },
      controller.signal,
    );
    expect(started).toBeLessThanOrEqual(5);
  });

  it('rethrows the first error after the others settle', async () => {
    let settled = 0;
    await expect(
      runPool([1, 2, 3, 4], 4, async (item) => {
        await sleep(item);
        settled += 1;
        if (item === 1) throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(settled).toBe(4);
  });

  it('refuses concurrency 0', async () => {
    await expect(runPool([1], 0, async () => {})).rejects.toThrow(RangeError);
  });
});
