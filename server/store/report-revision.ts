import type { Db } from './db.ts';

/**
 * The revision of everything a report reads (migration 011): its triggers bump it on every change
 * that can move a figure, so two reads of the same value saw the same data.
 */
export async function reportRevision(db: Db): Promise<number> {
  return (
    (await db.first<{ revision: number }>('SELECT revision FROM report_revision WHERE id = 1'))?.revision ?? 0
  );
}
