import { z } from 'zod';
import { type Decision, decisionSchema, type GoldHistoryEntry } from '../../shared/adjudication-api.ts';
import { type Judgement, judgementSchema } from '../../shared/schemas/annotation.ts';
import { inBatches, lookUpIn, valueTuples } from './batches.ts';
import type { Db } from './db.ts';
import { nowIso, type RejectedDigest, rejectedDigest, writeJson } from './json-columns.ts';

/** `draft` while an adjudicator works; `fixed` once decided; `imported` from `import gold`. */
export type GoldStatus = 'draft' | 'fixed' | 'imported';
/** What a gold history row records (see migration 006). */
export type GoldHistoryAction = GoldHistoryEntry['action'];

/** The note of gold accepted in bulk because its annotators did not disagree. */
export const ACCEPTED_NOTE = 'accepted, no disagreement';

interface GoldRow {
  id: number;
  argumentRowId: number;
  argumentExternalId: string;
  status: GoldStatus;
  version: number;
  adjudicator: string | null;
  judgement: string;
  decisions: string;
  note: string | null;
  updatedAt: string;
  fixedAt: string | null;
  /** The client-chosen id of the save that wrote this version; null when that write carried none. */
  lastClientSaveId: string | null;
}

export interface StoredGold extends Omit<GoldRow, 'judgement' | 'decisions'> {
  judgement: Judgement;
  decisions: Decision[];
}

const decisionsColumn = z.array(decisionSchema);

const SELECT = `SELECT j.id, j.argument_id AS argumentRowId, a.external_id AS argumentExternalId, j.status, j.version,
  j.adjudicator, j.judgement, j.decisions, j.note, j.updated_at AS updatedAt, j.fixed_at AS fixedAt,
  j.last_client_save_id AS lastClientSaveId
  FROM adjudications j JOIN arguments a ON a.id = j.argument_id`;

function toStored(row: GoldRow): StoredGold {
  return {
    ...row,
    judgement: judgementSchema.parse(JSON.parse(row.judgement)),
    decisions: decisionsColumn.parse(JSON.parse(row.decisions)),
  };
}

/** Whether gold is final: fixed by an adjudicator or imported. Only final gold is scored and exported. */
export function isFinalGold(gold: Pick<StoredGold, 'status'>): boolean {
  return gold.status !== 'draft';
}

export async function findGold(db: Db, argumentRowId: number): Promise<StoredGold | undefined> {
  const row = await db.first<GoldRow>(`${SELECT} WHERE j.argument_id = ?`, [argumentRowId]);
  return row && toStored(row);
}

/** The gold of these arguments (those that have one), as `findGold` reads each. */
export async function listGoldOfArguments(db: Db, argumentRowIds: readonly number[]): Promise<StoredGold[]> {
  return (
    await lookUpIn(argumentRowIds, (marks, params) =>
      db.all<GoldRow>(`${SELECT} WHERE j.argument_id IN (${marks})`, params),
    )
  ).map(toStored);
}

/** The study's final gold (fixed or imported), in argument order: what the report scores and `export gold` writes. */
export async function listFinalGold(db: Db, studyId: number): Promise<StoredGold[]> {
  return (
    await db.all<GoldRow>(`${SELECT} WHERE a.study_id = ? AND j.status <> 'draft' ORDER BY a.id`, [studyId])
  ).map(toStored);
}

/** The status of every gold record of the study, by argument row id, without parsing judgements. */
export async function goldStatuses(
  db: Db,
  studyId: number,
): Promise<Map<number, { status: GoldStatus; note: string | null }>> {
  const rows = await db.all<{ argumentRowId: number; status: GoldStatus; note: string | null }>(
    `SELECT j.argument_id AS argumentRowId, j.status, j.note FROM adjudications j JOIN arguments a ON a.id = j.argument_id
     WHERE a.study_id = ?`,
    [studyId],
  );
  return new Map(rows.map((row) => [row.argumentRowId, { status: row.status, note: row.note }]));
}

export interface GoldWrite {
  argumentRowId: number;
  status: GoldStatus;
  judgement: Judgement;
  decisions: readonly Decision[];
  adjudicator: string | null;
  note: string | null;
  importId: number | null;
  /** The client's id of this save attempt; absent for everything but an adjudicator's save. */
  clientSaveId?: string | null;
}

/**
 * Writes the gold's new state (version + 1; `fixed_at` set when it becomes fixed or imported, cleared
 * when it goes back to draft) and appends it to the history with `action`, `actorId` and
 * `historyNote` (a reopening's reason), as one unit.
 */
export async function writeGold(
  db: Db,
  write: GoldWrite,
  action: Exclude<GoldHistoryAction, 'conflict'>,
  actorId: number | null,
  historyNote: string | null = write.note,
): Promise<StoredGold> {
  return await db.transaction(async () => {
    const at = nowIso();
    const existing = await findGold(db, write.argumentRowId);
    const params = {
      argumentRowId: write.argumentRowId,
      status: write.status,
      version: (existing?.version ?? 0) + 1,
      adjudicator: write.adjudicator,
      judgement: writeJson(write.judgement),
      decisions: writeJson(write.decisions),
      note: write.note,
      importId: write.importId,
      clientSaveId: write.clientSaveId ?? null,
      at,
      fixedAt: write.status === 'draft' ? null : at,
    };
    await db.run(
      `INSERT INTO adjudications (argument_id, status, version, adjudicator, judgement, decisions, note, updated_at, fixed_at,
         import_id, last_client_save_id)
       VALUES (@argumentRowId, @status, @version, @adjudicator, @judgement, @decisions, @note, @at, @fixedAt, @importId, @clientSaveId)
       ON CONFLICT (argument_id) DO UPDATE SET status = excluded.status, version = excluded.version,
         adjudicator = excluded.adjudicator, judgement = excluded.judgement, decisions = excluded.decisions,
         note = excluded.note, updated_at = excluded.updated_at, fixed_at = excluded.fixed_at,
         import_id = coalesce(excluded.import_id, adjudications.import_id), last_client_save_id = excluded.last_client_save_id`,
      params,
    );
    const stored = await findGold(db, write.argumentRowId);
    if (!stored) throw new Error('gold vanished inside its own transaction');
    await appendGoldHistory(db, {
      adjudicationId: stored.id,
      actorId,
      action,
      status: stored.status,
      version: stored.version,
      judgementJson: params.judgement,
      decisionsJson: params.decisions,
      note: historyNote,
      at,
    });
    return stored;
  });
}

/**
 * Final gold written outside the adjudication screens — `import gold` (status `imported`, note = the
 * import's file name) or a test's fixture (`importId` null: status `fixed`). No decisions: nobody
 * resolved anything in the app.
 */
export async function upsertGold(
  db: Db,
  argumentRowId: number,
  adjudicator: string | null,
  judgement: Judgement,
  importId: number | null,
): Promise<StoredGold> {
  const fileName =
    importId === null
      ? null
      : ((
          await db.first<{ fileName: string }>('SELECT file_name AS fileName FROM imports WHERE id = ?', [
            importId,
          ])
        )?.fileName ?? null);
  return await writeGold(
    db,
    {
      argumentRowId,
      status: importId === null ? 'fixed' : 'imported',
      judgement,
      decisions: [],
      adjudicator,
      note: fileName,
      importId,
    },
    importId === null ? 'fix' : 'import',
    null,
  );
}

/**
 * Gold imported for arguments that have none yet: what `upsertGold` writes for each (status
 * `imported`, version 1, no decisions, the import's file name as note, and its history row), in
 * multi-row INSERTs of up to 500 rows (`inBatches`), two round trips per batch instead of five per gold.
 */
export async function insertImportedGold(
  db: Db,
  rows: readonly { argumentRowId: number; adjudicator: string | null; judgement: Judgement }[],
  importId: number,
  fileName: string,
): Promise<void> {
  const decisions = writeJson([]);
  for (const batch of inBatches(rows)) {
    const at = nowIso();
    const judgements = batch.map((row) => writeJson(row.judgement));
    const values: unknown[] = [];
    for (const [index, row] of batch.entries())
      values.push(
        row.argumentRowId,
        row.adjudicator,
        judgements[index],
        decisions,
        fileName,
        at,
        at,
        importId,
      );
    // RETURNING's order is not promised: each new id is matched to its argument (one gold per argument).
    const inserted = await db.all<{ id: number; argumentRowId: number }>(
      `INSERT INTO adjudications (argument_id, status, version, adjudicator, judgement, decisions, note, updated_at, fixed_at,
         import_id, last_client_save_id)
       VALUES ${valueTuples(batch.length, "(?, 'imported', 1, ?, ?, ?, ?, ?, ?, ?, NULL)")}
       RETURNING id, argument_id AS argumentRowId`,
      values,
    );
    const ids = new Map(inserted.map((row) => [row.argumentRowId, row.id]));
    const history: unknown[] = [];
    for (const [index, row] of batch.entries()) {
      const id = ids.get(row.argumentRowId);
      if (id === undefined) throw new Error('an inserted gold was not returned');
      history.push(id, judgements[index], decisions, fileName, at);
    }
    await db.run(
      `INSERT INTO gold_history (adjudication_id, actor_id, action, status, version, judgement, decisions, note, at)
       VALUES ${valueTuples(batch.length, "(?, NULL, 'import', 'imported', 1, ?, ?, ?, ?)")}`,
      history,
    );
  }
}

/** An accepted change of the gold, kept in full. (A rejected save goes through `appendRejectedGold`.) */
async function appendGoldHistory(
  db: Db,
  entry: {
    adjudicationId: number;
    actorId: number | null;
    action: Exclude<GoldHistoryAction, 'conflict'>;
    status: GoldStatus;
    version: number;
    judgementJson: string;
    decisionsJson: string;
    note: string | null;
    at?: string;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO gold_history (adjudication_id, actor_id, action, status, version, judgement, decisions, note, at)
     VALUES (@adjudicationId, @actorId, @action, @status, @version, @judgementJson, @decisionsJson, @note, @at)`,
    { ...entry, at: entry.at ?? nowIso() },
  );
}

/**
 * Keeps a rejected gold save (a stale version) as the digest and size of its `{ judgement, decisions }`
 * (migration 009), as `appendRejectedAttempt` does for annotations.
 */
export async function appendRejectedGold(
  db: Db,
  entry: {
    adjudicationId: number;
    actorId: number | null;
    status: GoldStatus;
    version: number;
    judgement: Judgement;
    decisions: readonly Decision[];
  },
): Promise<void> {
  const digest = rejectedDigest(writeJson({ judgement: entry.judgement, decisions: entry.decisions }));
  await db.run(
    `INSERT INTO gold_history (adjudication_id, actor_id, action, status, version, judgement, decisions, note, at,
       rejected_sha256, rejected_bytes)
     VALUES (?, ?, 'conflict', ?, ?, NULL, NULL, NULL, ?, ?, ?)`,
    [entry.adjudicationId, entry.actorId, entry.status, entry.version, nowIso(), digest.sha256, digest.bytes],
  );
}

export interface GoldHistoryRow {
  id: number;
  actor: string | null;
  action: GoldHistoryAction;
  status: GoldStatus;
  version: number;
  /** null (and `decisions` null) for a rejected save kept as its digest (`rejected`). */
  judgement: Judgement | null;
  decisions: Decision[] | null;
  note: string | null;
  rejected: RejectedDigest | null;
  at: string;
}

export async function listGoldHistory(db: Db, adjudicationId: number): Promise<GoldHistoryRow[]> {
  return (
    await db.all<
      Omit<GoldHistoryRow, 'judgement' | 'decisions' | 'rejected'> & {
        judgement: string | null;
        decisions: string | null;
        sha256: string | null;
        bytes: number | null;
      }
    >(
      `SELECT h.id, u.username AS actor, h.action, h.status, h.version, h.judgement, h.decisions, h.note, h.at,
         h.rejected_sha256 AS sha256, h.rejected_bytes AS bytes
       FROM gold_history h LEFT JOIN users u ON u.id = h.actor_id WHERE h.adjudication_id = ? ORDER BY h.id`,
      [adjudicationId],
    )
  ).map(({ sha256, bytes, ...row }) => ({
    ...row,
    judgement: row.judgement === null ? null : judgementSchema.parse(JSON.parse(row.judgement)),
    decisions: row.decisions === null ? null : decisionsColumn.parse(JSON.parse(row.decisions)),
    rejected: sha256 === null || bytes === null ? null : { sha256, bytes },
  }));
}
