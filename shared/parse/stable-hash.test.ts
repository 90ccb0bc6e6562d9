import { describe, expect, it } from 'vitest';
import { fnv1a64 } from './stable-hash.ts';

describe('fnv1a64', () => {
  // Test vectors from the FNV reference test suite (Noll, "FNV hash", isthe.com/chongo/tech/comp/fnv).
  it('matches the published FNV-1a 64 test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('hashes the UTF-8 bytes, so a non-ASCII character equals its byte sequence', () => {
    // "é" is C3 A9 in UTF-8; "Ã©" would be C3 83 C2 A9. Same bytes, same hash; different bytes, different hash.
    expect(fnv1a64('é')).toBe(fnv1a64(new TextDecoder().decode(new Uint8Array([0xc3, 0xa9]))));
    expect(fnv1a64('é')).not.toBe(fnv1a64('Ã©'));
  });

  it('always gives 16 hex digits', () => {
    for (const text of ['x', 'F4', '["arguable",["F4"]]', 'a'.repeat(1000)])
      expect(fnv1a64(text)).toMatch(/^[0-9a-f]{16}$/);
  });
});
