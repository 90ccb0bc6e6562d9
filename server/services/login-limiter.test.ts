import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter.ts';

describe('LoginLimiter', () => {
  it('refuses a key after the limit and lets it in again once the window passes', () => {
    let now = 0;
    const limiter = new LoginLimiter(3, 1000, () => now);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect(limiter.retryAfterMs('ip')).toBe(0);
      limiter.recordFailure('ip');
      now += 100;
    }
    expect(limiter.retryAfterMs('ip')).toBe(700);
    now = 1001;
    expect(limiter.retryAfterMs('ip')).toBe(0);
  });
  it('forgets a key on success', () => {
    const limiter = new LoginLimiter(1, 1000, () => 0);
    limiter.recordFailure('bob');
    limiter.reset('bob');
    expect(limiter.retryAfterMs('bob')).toBe(0);
  });
});
