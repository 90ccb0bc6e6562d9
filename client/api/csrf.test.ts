import { describe, expect, it } from 'vitest';
import { csrfTokenFor, isStateChanging, readCookie } from './csrf.ts';

describe('readCookie', () => {
  it('finds a cookie among others and decodes it', () => {
    expect(readCookie('theme=light; fa_csrf=abc%3D%3D; x=1', 'fa_csrf')).toBe('abc==');
    expect(readCookie('fa_csrf=first', 'fa_csrf')).toBe('first');
  });

  it('does not confuse names that share a suffix or prefix', () => {
    expect(readCookie('xfa_csrf=1; fa_csrf_old=2', 'fa_csrf')).toBeUndefined();
  });

  it('returns undefined when the cookie is absent', () => {
    expect(readCookie('', 'fa_csrf')).toBeUndefined();
    expect(readCookie('a=1', 'fa_csrf')).toBeUndefined();
  });

  it('keeps a value that is not valid URI encoding as it is', () => {
    expect(readCookie('fa_csrf=%E0%A4%A', 'fa_csrf')).toBe('%E0%A4%A');
  });
});

describe('csrfTokenFor', () => {
  it('treats only GET, HEAD and OPTIONS as safe', () => {
    expect(['GET', 'head', 'OPTIONS'].map(isStateChanging)).toEqual([false, false, false]);
    expect(['POST', 'PUT', 'PATCH', 'DELETE'].map(isStateChanging)).toEqual([true, true, true, true]);
  });

  it('sends the cookie value with state-changing methods only', () => {
    expect(csrfTokenFor('POST', 'fa_csrf=t0k')).toBe('t0k');
    expect(csrfTokenFor('DELETE', 'fa_csrf=t0k')).toBe('t0k');
    expect(csrfTokenFor('GET', 'fa_csrf=t0k')).toBeUndefined();
  });

  it('sends nothing without the cookie or with an empty one', () => {
    expect(csrfTokenFor('POST', 'other=1')).toBeUndefined();
    expect(csrfTokenFor('POST', 'fa_csrf=')).toBeUndefined();
  });
});
