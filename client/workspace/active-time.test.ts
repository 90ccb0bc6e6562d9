import { describe, expect, it } from 'vitest';
import { recordInput, startActiveTime, takeSeconds, tick } from './active-time.ts';

function ticks(from: number, to: number, visible: boolean, time = startActiveTime()) {
  let current = time;
  for (let now = from; now <= to; now += 1000) current = tick(current, now, visible);
  return current;
}

describe('active time', () => {
  it('counts nothing before the first input', () => {
    expect(ticks(0, 10_000, true).creditedMs).toBe(0);
  });

  it('counts a visible minute after an input, then stops', () => {
    const time = ticks(1000, 120_000, true, recordInput(startActiveTime(), 0));
    expect(time.creditedMs).toBe(60_000);
  });

  it('does not count while the tab is hidden', () => {
    const time = ticks(1000, 30_000, false, recordInput(startActiveTime(), 0));
    expect(time.creditedMs).toBe(0);
  });

  it('credits at most one short tick after the machine slept', () => {
    let time = recordInput(startActiveTime(), 0);
    time = tick(time, 1000, true);
    time = recordInput(time, 3_600_000);
    time = tick(time, 3_600_000, true);
    expect(time.creditedMs).toBe(1000 + 5000);
  });

  it('takes whole seconds and keeps the rest', () => {
    const { seconds, rest } = takeSeconds({ creditedMs: 2500, lastInputMs: 0, lastTickMs: 0 });
    expect(seconds).toBe(2);
    expect(rest.creditedMs).toBe(500);
  });
});
