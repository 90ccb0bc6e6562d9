/**
 * Active time on an item: wall-clock time that counts only while the tab is visible and the
 * annotator gave input (key, pointer, scroll) within the last minute — reading counts, a lunch
 * break with the tab open does not. Elapsed time is credited in whole ticks of at most `maxTickMs`,
 * so a sleeping laptop that wakes after an hour credits at most one tick.
 *
 * Example: input at 0 s, ticks every second while visible → 60 s credited by t = 60 s, then
 * nothing until the next input.
 */
export interface ActiveTime {
  readonly creditedMs: number;
  readonly lastInputMs: number | null;
  readonly lastTickMs: number | null;
}

export const IDLE_AFTER_MS = 60_000;
const MAX_TICK_MS = 5_000;

export function startActiveTime(): ActiveTime {
  return { creditedMs: 0, lastInputMs: null, lastTickMs: null };
}

/** The annotator did something at `nowMs`. */
export function recordInput(time: ActiveTime, nowMs: number): ActiveTime {
  return { ...time, lastInputMs: nowMs, lastTickMs: time.lastTickMs ?? nowMs };
}

/** Credits the time since the last tick when the tab is visible and the last input is recent. */
export function tick(time: ActiveTime, nowMs: number, visible: boolean): ActiveTime {
  const since = time.lastTickMs === null ? 0 : Math.min(Math.max(0, nowMs - time.lastTickMs), MAX_TICK_MS);
  const active = visible && time.lastInputMs !== null && nowMs - time.lastInputMs <= IDLE_AFTER_MS;
  return { ...time, lastTickMs: nowMs, creditedMs: time.creditedMs + (active ? since : 0) };
}

/** Takes the whole seconds credited so far, keeping the remainder for next time. */
export function takeSeconds(time: ActiveTime): { seconds: number; rest: ActiveTime } {
  const seconds = Math.floor(time.creditedMs / 1000);
  return { seconds, rest: { ...time, creditedMs: time.creditedMs - seconds * 1000 } };
}
