import { describe, expect, it } from 'vitest';
import { createRng } from './rng.ts';

const MASK = 0xffffffffn;

/**
 * The same generator written again with BigInt arithmetic (explicit masking instead of JavaScript's
 * 32-bit integer operators), so the two implementations check each other.
 */
function referenceStream(seed: number, count: number): number[] {
  let mixer = BigInt(seed >>> 0);
  const splitmix = (): bigint => {
    mixer = (mixer + 0x9e3779b9n) & MASK;
    let t = mixer ^ (mixer >> 16n);
    t = (t * 0x21f0aaadn) & MASK;
    t ^= t >> 15n;
    t = (t * 0x735a2d97n) & MASK;
    t ^= t >> 15n;
    return t;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let counter = 1n;
  const next = (): bigint => {
    let t = (a + b) & MASK;
    a = b ^ (b >> 9n);
    b = (c + ((c << 3n) & MASK)) & MASK;
    c = ((c << 21n) & MASK) | (c >> 11n);
    counter = (counter + 1n) & MASK;
    t = (t + counter) & MASK;
    c = (c + t) & MASK;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  return Array.from({ length: count }, () => Number(next()));
}

describe('createRng', () => {
  it('agrees with an independent BigInt implementation of splitmix32 seeding + sfc32', () => {
    for (const seed of [0, 1, 42, 2 ** 31, -7, 123456789]) {
      const rng = createRng(seed);
      expect(Array.from({ length: 50 }, () => rng.nextUint32())).toEqual(referenceStream(seed, 50));
    }
  });

  it('gives the documented example: createRng(42).nextInt(6) = 3', () => {
    expect(createRng(42).nextInt(6)).toBe(3);
  });

  it('is deterministic: the same seed gives the same stream', () => {
    const first = createRng(2024);
    const second = createRng(2024);
    expect(Array.from({ length: 100 }, () => first.next())).toEqual(
      Array.from({ length: 100 }, () => second.next()),
    );
  });

  it('gives unrelated streams for neighbouring seeds', () => {
    const a = createRng(1);
    const b = createRng(2);
    const streamA = Array.from({ length: 20 }, () => a.nextUint32());
    const streamB = Array.from({ length: 20 }, () => b.nextUint32());
    expect(streamA.filter((value, i) => value === streamB[i])).toHaveLength(0);
  });

  it('uses the seed modulo 2³² (documented)', () => {
    expect(createRng(5).nextUint32()).toBe(createRng(5 + 2 ** 32).nextUint32());
  });

  it('draws floats in [0, 1) with a uniform spread (χ² over 10 bins, fixed seed)', () => {
    const rng = createRng(99);
    const bins = new Array<number>(10).fill(0);
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const u = rng.next();
      expect(u).toBeGreaterThanOrEqual(0);
      expect(u).toBeLessThan(1);
      bins[Math.floor(u * 10)] = (bins[Math.floor(u * 10)] ?? 0) + 1;
    }
    const expected = draws / 10;
    const chiSquare = bins.reduce((sum, count) => sum + (count - expected) ** 2 / expected, 0);
    // 9 degrees of freedom: the 0.999 quantile of χ²₉ is 27.88.
    expect(chiSquare).toBeLessThan(27.88);
  });

  it('draws integers on [0, n) with every value equally likely (χ², n = 7)', () => {
    const rng = createRng(7);
    const counts = new Array<number>(7).fill(0);
    for (let i = 0; i < 70_000; i++) {
      const k = rng.nextInt(7);
      expect(Number.isInteger(k) && k >= 0 && k < 7).toBe(true);
      counts[k] = (counts[k] ?? 0) + 1;
    }
    const chiSquare = counts.reduce((sum, count) => sum + (count - 10_000) ** 2 / 10_000, 0);
    // 6 degrees of freedom: the 0.999 quantile of χ²₆ is 22.46.
    expect(chiSquare).toBeLessThan(22.46);
  });

  it('gives 0 for nextInt(1) and accepts n = 2³²', () => {
    const rng = createRng(3);
    expect(rng.nextInt(1)).toBe(0);
    expect(rng.nextInt(2 ** 32)).toBeLessThan(2 ** 32);
  });

  it('throws for a seed that is not a safe integer', () => {
    expect(() => createRng(1.5)).toThrow(RangeError);
    expect(() => createRng(Number.NaN)).toThrow(RangeError);
  });

  it('throws for nextInt(n) with n not an integer in [1, 2³²]', () => {
    const rng = createRng(1);
    expect(() => rng.nextInt(0)).toThrow(RangeError);
    expect(() => rng.nextInt(2.5)).toThrow(RangeError);
    expect(() => rng.nextInt(2 ** 32 + 1)).toThrow(RangeError);
  });
});
