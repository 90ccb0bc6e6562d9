/**
 * Many rows in one statement: multi-row INSERTs and `IN (…)` lookups, so that an import writes and
 * reads 500 records per round trip instead of one. Both engines cache a prepared statement per SQL
 * text (SqliteDb's statement map, PostgresDb's placeholder cache), so a statement built for a number
 * of rows is built only for a few numbers: 500, and the powers of two below it. A table's multi-row
 * statements then take at most ten shapes, whatever the sizes of the files imported.
 */

/** Rows per multi-row statement: 12 values each at most here, far under either engine's limit. */
export const BATCH_ROWS = 500;

/**
 * The pieces `rows` is written in, in order: BATCH_ROWS at a time, then the rest as powers of two
 * (300 rows: 256, 32, 8, 4).
 */
export function inBatches<T>(rows: readonly T[]): T[][] {
  const pieces: T[][] = [];
  let start = 0;
  while (start < rows.length) {
    const left = rows.length - start;
    const size = left >= BATCH_ROWS ? BATCH_ROWS : 2 ** Math.floor(Math.log2(left));
    pieces.push(rows.slice(start, start + size));
    start += size;
  }
  return pieces;
}

/**
 * `(?, ?, …), (?, ?, …)…` for `INSERT … VALUES`: `rows` tuples of `tuple` placeholders, or `rows`
 * copies of `tuple` when it is a tuple's SQL (constants among its placeholders).
 */
export function valueTuples(rows: number, tuple: number | string): string {
  const one = typeof tuple === 'string' ? tuple : `(${Array.from({ length: tuple }, () => '?').join(', ')})`;
  return Array.from({ length: rows }, () => one).join(', ');
}

/**
 * The values of an `IN (…)` list and its placeholders, the list padded to a power of two by repeating
 * its last value (which changes no answer): at most ten shapes of one lookup. `values` holds at most
 * BATCH_ROWS values and at least one.
 */
export function inList<T>(values: readonly T[]): { marks: string; params: T[] } {
  const last = values[values.length - 1];
  if (last === undefined) throw new Error('an IN list needs at least one value');
  const size = 2 ** Math.ceil(Math.log2(values.length));
  const params = [...values];
  while (params.length < size) params.push(last);
  return { marks: params.map(() => '?').join(', '), params };
}

/**
 * Runs `query` once per BATCH_ROWS of `values` (each piece as an `inList`) and answers every row
 * it found: one round trip per 500 values looked up.
 */
export async function lookUpIn<T, Row>(
  values: readonly T[],
  query: (marks: string, params: T[]) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let start = 0; start < values.length; start += BATCH_ROWS) {
    const { marks, params } = inList(values.slice(start, start + BATCH_ROWS));
    rows.push(...(await query(marks, params)));
  }
  return rows;
}
