import { describe, expect, it } from 'vitest';
import { backoffDelayMs, retryAfterMs, retryWaitMs } from './backoff.ts';

const policy = { baseMs: 1000, maxMs: 60_000 };

describe('backoffDelayMs (full jitter)', () => {
  it('doubles the ceiling per retry and scales it by the random draw', () => {
    expect(backoffDelayMs(1, policy, () => 0.5)).toBe(500);
    expect(backoffDelayMs(2, policy, () => 0.5)).toBe(1000);
    expect(backoffDelayMs(3, policy, () => 0.5)).toBe(2000);
  });
  it('never exceeds maxMs, even for a huge retry number', () => {
    expect(backoffDelayMs(10, policy, () => 0.999)).toBeLessThan(60_000);
    expect(backoffDelayMs(5000, policy, () => 0.5)).toBe(30_000);
  });
  it('can wait nothing at all (the bottom of the jitter range)', () => {
    expect(backoffDelayMs(4, policy, () => 0)).toBe(0);
  });
  it('refuses retry 0', () => {
    expect(() => backoffDelayMs(0, policy)).toThrow(RangeError);
  });
});

describe('retryAfterMs', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');
  it('reads delay-seconds, with fractions', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }), now)).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '0.5' }), now)).toBe(500);
  });
  it('reads an HTTP date relative to now, and a past date as 0', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 12:00:03 GMT' }), now)).toBe(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'Sun, 01 Jun 2025 11:00:00 GMT' }), now)).toBe(0);
  });
  it('prefers retry-after-ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250', 'retry-after': '9' }), now)).toBe(250);
  });
  it('is null when absent or unreadable', () => {
    expect(retryAfterMs(new Headers(), now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }), now)).toBeNull();
    expect(retryAfterMs(new Headers({ 'retry-after': '-3' }), now)).toBeNull();
  });
});

describe('retryWaitMs', () => {
  it("honours the server's wait, plus at most baseMs of jitter", () => {
    expect(retryWaitMs(1, 1500, { baseMs: 10, maxMs: 60_000 }, () => 0)).toBe(1500);
    expect(retryWaitMs(1, 1500, { baseMs: 10, maxMs: 60_000 }, () => 0.99)).toBe(1509);
  });
  it('caps a very long Retry-After at maxMs', () => {
    expect(retryWaitMs(1, 3_600_000, { baseMs: 10, maxMs: 60_000 }, () => 0)).toBe(60_000);
  });
  it('falls back to exponential backoff when the server said nothing', () => {
    expect(retryWaitMs(2, null, policy, () => 0.5)).toBe(1000);
  });
});
