/**
 * Input checks shared by the statistics in this folder. Each throws a RangeError or TypeError
 * whose message names the argument and what was wrong with it, so a caller's mistake (arrays of
 * different length, a negative count, x > n) surfaces at the call, not as a silent NaN later.
 *
 * Degenerate but valid input (no items, one category only, a zero denominator) is not an error:
 * the statistics return `null` for it, shown as "n/a".
 */

/** A nominal label: categories compare with `===` (so `1`, `'1'` and `true` are three categories). */
export type Label = string | number | boolean;

/** Throws unless both label arrays have the same length (one entry per item for each rater). */
export function assertSameLength(a: readonly unknown[], b: readonly unknown[], what = 'a and b'): void {
  if (a.length !== b.length) {
    throw new RangeError(`${what} must have the same length (got ${a.length} and ${b.length})`);
  }
}

/** Throws unless `value` is a finite number. */
export function assertFinite(value: number, name: string): void {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`${name} must be a finite number (got ${String(value)})`);
  }
}

/** Throws a TypeError with `message` unless `value` is an array (for callers not typed by TypeScript). */
export function assertArray(value: unknown, message: string): void {
  if (!Array.isArray(value)) throw new TypeError(message);
}

/** Throws unless every entry of `values` is a finite number, naming the first that is not. */
export function assertAllFinite(values: readonly number[], name: string): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    // The name is only built for the entry that fails: this runs over every bootstrap replicate.
    if (typeof value !== 'number' || !Number.isFinite(value))
      assertFinite(value ?? Number.NaN, `${name}[${i}]`);
  }
}

/** Throws unless every entry of `values` is a finite number and none is smaller than the one before. */
export function assertAscending(values: readonly number[], name: string): void {
  assertAllFinite(values, name);
  for (let i = 1; i < values.length; i++)
    if ((values[i] ?? 0) < (values[i - 1] ?? 0))
      throw new RangeError(`${name} must be sorted ascending (entry ${i} is smaller than entry ${i - 1})`);
}

/** Throws unless `value` is an integer ≥ 0 (a count). */
export function assertCount(value: number, name: string): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative integer count (got ${String(value)})`);
  }
}

/** Throws unless `level` is a confidence level strictly between 0 and 1 (e.g. 0.95). */
export function assertLevel(level: number, name = 'level'): void {
  if (typeof level !== 'number' || !(level > 0 && level < 1)) {
    throw new RangeError(`${name} must be strictly between 0 and 1 (got ${String(level)})`);
  }
}

/** Whether `label` is a string, a boolean or a number other than NaN. */
export function isLabel(label: unknown): label is Label {
  return (
    typeof label === 'string' ||
    typeof label === 'boolean' ||
    (typeof label === 'number' && !Number.isNaN(label))
  );
}

/** Throws unless `label` is a string, a boolean or a number other than NaN. */
export function assertLabel(label: unknown, name: string): asserts label is Label {
  if (!isLabel(label)) {
    throw new TypeError(
      `${name} must be a string, a boolean or a number other than NaN (got ${String(label)})`,
    );
  }
}

/**
 * Throws unless `data` is a rectangular coders × units table (every coder row as long as the
 * first) and every present value is a valid label; `null` marks a missing rating.
 */
export function assertRatingTable(data: ReadonlyArray<ReadonlyArray<Label | null>>, name = 'data'): void {
  if (!Array.isArray(data)) throw new TypeError(`${name} must be an array of coder rows`);
  const units = data[0]?.length ?? 0;
  data.forEach((row, coder) => {
    if (!Array.isArray(row)) throw new TypeError(`${name}[${coder}] must be an array of ratings`);
    if (row.length !== units) {
      throw new RangeError(
        `${name} must be coders × units with every coder row the same length (row 0 has ${units} units, row ${coder} has ${row.length})`,
      );
    }
    for (let unit = 0; unit < row.length; unit++) {
      const value = row[unit];
      // The name is only built for a label that fails: tables run to hundreds of thousands of ratings.
      if (value !== null && !isLabel(value)) assertLabel(value, `${name}[${coder}][${unit}]`);
    }
  });
}
