import { sleep } from '../concurrency/sleep.ts';

/** Something that decides when the next request may start. */
export interface StartLimiter {
  /** Resolves when the caller may start one request; rejects with `InterruptedError` on abort. */
  acquire(signal?: AbortSignal): Promise<void>;
}

/** No limit: every request may start at once. */
export const UNLIMITED: StartLimiter = { acquire: () => Promise.resolve() };

/**
 * At most `perMinute` request starts a minute, spread evenly: starts are at least 60000/perMinute ms
 * apart. Slots are handed out in the order `acquire` is called (each caller reserves the next free
 * slot synchronously, then sleeps until it), so concurrent callers never share a slot. Evenly
 * spaced starts never exceed a provider's per-minute budget in every 60-second window, at the price of
 * no initial burst. `now` and `wait` are injectable for tests.
 *
 * @example new SpacedStartLimiter(600) // one start every 100 ms
 */
export class SpacedStartLimiter implements StartLimiter {
  readonly intervalMs: number;
  private nextSlot = Number.NEGATIVE_INFINITY;

  constructor(
    perMinute: number,
    private readonly now: () => number = () => performance.now(),
    private readonly wait: (ms: number, signal?: AbortSignal) => Promise<void> = sleep,
  ) {
    if (!(perMinute > 0)) throw new RangeError(`perMinute must be positive, got ${perMinute}`);
    this.intervalMs = 60_000 / perMinute;
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    const now = this.now();
    const slot = Math.max(now, this.nextSlot);
    this.nextSlot = slot + this.intervalMs;
    if (slot > now) await this.wait(slot - now, signal);
  }
}
