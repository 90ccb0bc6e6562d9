import type { Db } from './db.ts';

/**
 * The tables an import writes and a report reads. After an import of many rows PostgreSQL's planner
 * still holds the statistics of before (an empty study: "49 arguments"), and plans the report's joins
 * for that — nested loops of an index lookup per row — until autovacuum analyzes the tables, up to a
 * minute or more later. At 7,200 arguments the report's extraction read took 52 ms so, 47 ms after
 * ANALYZE. SQLite plans without gathered statistics unless ANALYZE was run, so there it does nothing:
 * its plans stay the ones every test and figure was made with.
 */
export const IMPORTED_TABLES = [
  'triples',
  'arguments',
  'extractors',
  'extractions',
  'users',
  'annotations',
  'adjudications',
  'error_classes',
  'reported_results',
] as const;
export type ImportedTable = (typeof IMPORTED_TABLES)[number];

/** Rows an import must write before the statistics are gathered again (a small import changes no plan). */
export const STATISTICS_AFTER_ROWS = 1_000;

/**
 * Gathers the planner's statistics of `tables` again (PostgreSQL's `ANALYZE`, which reads a sample of
 * each table, not all of it); a no-op on SQLite. Outside a transaction only: inside one the rows it
 * would count are not committed yet.
 */
export async function refreshPlannerStatistics(db: Db, tables: readonly ImportedTable[]): Promise<void> {
  if (db.dialect !== 'postgres' || db.inTransaction || tables.length === 0) return;
  await db.exec(`ANALYZE ${tables.join(', ')}`);
}
