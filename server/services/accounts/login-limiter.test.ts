import { describe, expect, it } from 'vitest';
import { type LoginAttempt, LoginLimiter, type Reservation } from './login-limiter.ts';

function attemptOf(reservation: Reservation): LoginAttempt {
  if (!reservation.ok) throw new Error(`refused for ${reservation.retryAfterMs} ms`);
  return reservation.attempt;
}

describe('LoginLimiter', () => {
  it('refuses a name from an address after its limit, until the oldest failure leaves the window', () => {
    let now = 0;
    const limiter = new LoginLimiter({ perUserAndAddress: 3, windowMs: 10_000 }, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      attemptOf(limiter.reserve('bob', '10.0.0.1')).failed();
      now += 1_000;
    }
    expect(limiter.reserve('bob', '10.0.0.1')).toEqual({ ok: false, retryAfterMs: 7_000 });
    now = 10_001;
    expect(limiter.reserve('bob', '10.0.0.1').ok).toBe(true);
  });

  it('counts an attempt under way, so parallel attempts cannot pass one check together', () => {
    const limiter = new LoginLimiter({ perUserAndAddress: 3 });
    const reserved = Array.from({ length: 10 }, () => limiter.reserve('bob', '10.0.0.1'));
    expect(reserved.filter((reservation) => reservation.ok)).toHaveLength(3);
  });

  it('gives the room back when an attempt is abandoned, and keeps it when it failed', () => {
    const limiter = new LoginLimiter({ perUserAndAddress: 1 });
    attemptOf(limiter.reserve('bob', 'a')).abandoned();
    const attempt = attemptOf(limiter.reserve('bob', 'a'));
    attempt.failed();
    attempt.abandoned(); // after failed: nothing more happens
    expect(limiter.reserve('bob', 'a').ok).toBe(false);
  });

  it('never refuses the name from another address: strangers cannot lock the owner out', () => {
    const limiter = new LoginLimiter({ perUserAndAddress: 2 });
    for (let attempt = 0; attempt < 2; attempt += 1) attemptOf(limiter.reserve('alice', 'stranger')).failed();
    expect(limiter.reserve('alice', 'stranger').ok).toBe(false);
    expect(limiter.reserve('alice', 'owner').ok).toBe(true);
  });

  it('refuses an address that fails with many names', () => {
    const limiter = new LoginLimiter({ perAddress: 3 });
    for (const name of ['a1', 'a2', 'a3']) attemptOf(limiter.reserve(name, 'spray')).failed();
    expect(limiter.reserve('a4', 'spray').ok).toBe(false);
    expect(limiter.reserve('a4', 'elsewhere').ok).toBe(true);
  });

  it('slows a name down as it fails from anywhere: doubling, bounded', () => {
    const limiter = new LoginLimiter({ slowdownAfter: 2, baseDelayMs: 100, maxDelayMs: 500 });
    const delays: number[] = [];
    for (let failure = 0; failure < 7; failure += 1) {
      const attempt = attemptOf(limiter.reserve('Alice', `address-${failure}`));
      delays.push(attempt.delayMs);
      attempt.failed();
    }
    expect(delays).toEqual([0, 0, 100, 200, 400, 500, 500]);
    // Names compare case-insensitively: "alice" is the same slowed-down name.
    expect(attemptOf(limiter.reserve('alice', 'owner')).delayMs).toBe(500);
  });

  it("forgets a name's failures from an address when it logs in there", () => {
    const limiter = new LoginLimiter({ perUserAndAddress: 2 });
    attemptOf(limiter.reserve('bob', 'a')).failed();
    attemptOf(limiter.reserve('bob', 'a')).succeeded();
    attemptOf(limiter.reserve('bob', 'a')).failed();
    expect(limiter.reserve('bob', 'a').ok).toBe(true);
  });

  it('keeps at most maxKeys keys, of a fixed size however long the name', () => {
    const limiter = new LoginLimiter({ maxKeys: 100 });
    for (let attempt = 0; attempt < 1_000; attempt += 1)
      attemptOf(
        limiter.reserve(`${'x'.repeat(100_000)}${attempt}`, `10.0.${attempt >> 8}.${attempt & 255}`),
      ).failed();
    expect(limiter.size).toBe(100);
  });

  it('takes no room for successful logins', () => {
    const limiter = new LoginLimiter();
    for (let attempt = 0; attempt < 50; attempt += 1)
      attemptOf(limiter.reserve(`user${attempt}`, `10.0.0.${attempt}`)).succeeded();
    expect(limiter.size).toBe(0);
  });
});
