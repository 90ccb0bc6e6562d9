/** The Hub's buckets: each holds the counts below its bound (and at or above the previous one). */
const BUCKETS: readonly (readonly [number, string])[] = [
  [1e3, 'n<1K'],
  [1e4, '1K<n<10K'],
  [1e5, '10K<n<100K'],
  [1e6, '100K<n<1M'],
  [1e7, '1M<n<10M'],
  [1e8, '10M<n<100M'],
  [1e9, '100M<n<1B'],
  [1e10, '1B<n<10B'],
  [1e11, '10B<n<100B'],
  [1e12, '100B<n<1T'],
];

/**
 * The Hugging Face Hub's `size_categories` tag for a dataset of `n` records: `n<1K`, `1K<n<10K`,
 * `10K<n<100K`, … `100B<n<1T`, then `n>1T` — the Hub's own buckets by powers of ten; a boundary value
 * (1,000) belongs to the bucket above, as the Hub's card generator puts it.
 *
 * Preconditions: n is a non-negative integer (RangeError otherwise).
 *
 * @example sizeCategory(50) // 'n<1K'
 * @example sizeCategory(12_000) // '10K<n<100K'
 */
export function sizeCategory(n: number): string {
  if (!Number.isInteger(n) || n < 0)
    throw new RangeError(`sizeCategory: n must be a natural number, got ${n}`);
  return BUCKETS.find(([bound]) => n < bound)?.[1] ?? 'n>1T';
}
