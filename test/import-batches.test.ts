import { describe, expect, it } from 'vitest';
import { type ImportProblems, isAppError } from '../server/errors.ts';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { refreshErrorClasses } from '../server/services/extraction/error-classes.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import type { JsonlKind } from '../server/services/interchange/import/parse-records.ts';
import type { Db } from '../server/store/db.ts';
import { listExtractions } from '../server/store/extractions.ts';
import { openDatabase } from '../server/store/open.ts';
import { reportRevision } from '../server/store/report-revision.ts';
import { buildArgument, buildExtraction, buildJudgement, buildTriple } from './factories.ts';

/**
 * Extractions, annotations and gold are checked and written 500 at a time (pending-records.ts). These
 * are the cases a batch adds to the one-record rules: files longer than a batch (1,100 records: two
 * full batches and a remainder), a repeat inside one batch and across a batch boundary, a bad record
 * after a batch was already written, a re-import that must keep every byte, a --replace among batched
 * inserts. Run on both engines (the postgres project).
 */
const COUNT = 1_100;
const ids = Array.from({ length: COUNT }, (_, index) => `a${index}`);

async function studyDb(): Promise<Db> {
  const db = await openDatabase(':memory:');
  await load(db, 'triples', [buildTriple()]);
  await load(
    db,
    'arguments',
    ids.map((id) => buildArgument({ id })),
  );
  return db;
}

function load(db: Db, kind: JsonlKind, values: readonly unknown[], replace = false) {
  return importRecords(db, {
    actor: CLI_ACTOR,
    kind,
    study: 'default',
    sourceName: `${kind}.jsonl`,
    values,
    replace,
  });
}

async function refusal(work: Promise<unknown>): Promise<ImportProblems['problems']> {
  const failure = await work.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (!isAppError(failure) || failure.code !== 'import_invalid')
    throw new Error('the import was not refused');
  return (failure.details as ImportProblems).problems;
}

const count = async (db: Db, table: string) =>
  (await db.first<{ n: number }>(`SELECT count(*) AS n FROM ${table}`))?.n ?? 0;

/** Every row of a table, as stored, in id order (what an import that keeps it must not change). */
const rows = (db: Db, table: string) => db.all(`SELECT * FROM ${table} ORDER BY 1, 2`);

const extractions = (extractor: string) =>
  ids.map((id, index) =>
    buildExtraction({ argument_id: id, extractor, current: index % 2 ? ['F4'] : ['F6'] }),
  );
const annotations = (annotator: string) =>
  ids.map((id, index) => ({
    argument_id: id,
    annotator,
    ...buildJudgement({ current: index % 3 ? ['F4'] : [] }),
  }));
const gold = () => ids.map((id) => ({ argument_id: id, ...buildJudgement({ current: ['F4', 'F10'] }) }));

describe('imports written 500 records at a time', () => {
  it('writes every record of files longer than a batch, with its history, audit and revision', {
    timeout: 60_000,
  }, async () => {
    const db = await studyDb();
    const before = await reportRevision(db);
    const first = await load(db, 'extractions', [...extractions('x1'), ...extractions('x2')]);
    expect(first.counts).toEqual({ records: 2 * COUNT, inserted: 2 * COUNT, replaced: 0, unchanged: 0 });
    expect(await count(db, 'extractions')).toBe(2 * COUNT);
    // One bump per row written: 2,200 extractions and 2 extractors, on either engine.
    expect((await reportRevision(db)) - before).toBe(2 * COUNT + 2);
    // On PostgreSQL the planner's statistics of what was written are gathered again at once
    // (planner-statistics.ts): a never-analyzed table has reltuples -1.
    if (db.dialect === 'postgres')
      expect(
        await db.first("SELECT reltuples AS n FROM pg_class WHERE relname = 'extractions' AND relkind = 'r'"),
      ).toEqual({ n: 2 * COUNT });
    const annotated = await load(db, 'annotations', [...annotations('alice'), ...annotations('bob')]);
    expect(annotated.counts.inserted).toBe(2 * COUNT);
    expect(annotated.warnings).toHaveLength(2);
    expect(await db.all('SELECT DISTINCT version, status FROM annotations')).toEqual([
      { version: 1, status: 'submitted' },
    ]);
    expect(
      await db.first(
        `SELECT count(*) AS n FROM annotations n JOIN annotation_history h ON h.annotation_id = n.id
         WHERE h.action = 'import' AND h.version = 1 AND h.judgement = n.judgement`,
      ),
    ).toEqual({ n: 2 * COUNT });
    const golden = await load(db, 'gold', gold());
    expect(golden.counts.inserted).toBe(COUNT);
    expect(
      await db.first(
        `SELECT count(*) AS n FROM adjudications j JOIN gold_history h ON h.adjudication_id = j.id
         WHERE j.status = 'imported' AND j.note = 'gold.jsonl' AND h.note = 'gold.jsonl' AND h.version = 1`,
      ),
    ).toEqual({ n: COUNT });
    // Every extraction of a gold argument classified, as refreshErrorClasses alone would have.
    expect(await count(db, 'error_classes')).toBe(2 * COUNT);
    const last = await db.first<{ id: number }>("SELECT id FROM arguments WHERE external_id = 'a1099'");
    const stored = await db.all(
      'SELECT extractor_id, decisions FROM error_classes WHERE argument_id = ? ORDER BY 1',
      [last?.id],
    );
    await db.run('DELETE FROM error_classes WHERE argument_id = ?', [last?.id]);
    await refreshErrorClasses(db, last?.id ?? 0);
    expect(
      await db.all('SELECT extractor_id, decisions FROM error_classes WHERE argument_id = ? ORDER BY 1', [
        last?.id,
      ]),
    ).toEqual(stored);
    const audit = await db.all<{ details: string }>(
      "SELECT details FROM audit_log WHERE action = 'import' ORDER BY id",
    );
    expect(audit).toHaveLength(5);
    await db.close();
  });

  it('keeps every byte on a re-import, and replaces only the changed record with --replace', {
    timeout: 60_000,
  }, async () => {
    const db = await studyDb();
    await load(db, 'extractions', extractions('x1'));
    await load(db, 'annotations', annotations('alice'));
    await load(db, 'gold', gold());
    const tables = [
      'extractions',
      'annotations',
      'annotation_history',
      'adjudications',
      'gold_history',
      'error_classes',
    ];
    const kept = await Promise.all(tables.map((table) => rows(db, table)));
    const revision = await reportRevision(db);
    for (const [kind, values] of [
      ['extractions', extractions('x1')],
      ['annotations', annotations('alice')],
      ['gold', gold()],
    ] as const)
      expect((await load(db, kind, values)).counts).toMatchObject({ inserted: 0, unchanged: COUNT });
    expect(await Promise.all(tables.map((table) => rows(db, table)))).toEqual(kept);
    expect(await reportRevision(db)).toBe(revision);

    const changed = annotations('alice');
    changed[700] = {
      ...changed[700],
      ...buildJudgement({ current: ['F16'] }),
      argument_id: 'a700',
      annotator: 'alice',
    };
    expect(await refusal(load(db, 'annotations', changed))).toEqual([
      { line: 701, message: expect.stringContaining('annotation of "a700" by alice already exists') },
    ]);
    expect((await load(db, 'annotations', changed, true)).counts).toMatchObject({
      replaced: 1,
      unchanged: COUNT - 1,
    });
    expect(
      await db.all('SELECT version, count(*) AS n FROM annotations GROUP BY version ORDER BY version'),
    ).toEqual([
      { version: 1, n: COUNT - 1 },
      { version: 2, n: 1 },
    ]);
    expect(await count(db, 'annotation_history')).toBe(COUNT + 1);

    // The study's extractions by extractor name, then argument: an extractor made later whose name
    // sorts first comes first (listExtractions orders them itself).
    await load(db, 'extractions', extractions('a-first').slice(0, 10));
    const listed = (await listExtractions(db, 1)).map((e) => `${e.extractor} ${e.argument_id}`);
    expect(listed).toEqual([
      ...ids.slice(0, 10).map((id) => `a-first ${id}`),
      ...ids.map((id) => `x1 ${id}`),
    ]);
    await db.close();
  });

  it('reports a repeat inside a batch and across a boundary, and a bad record after a written batch, writing nothing', {
    timeout: 60_000,
  }, async () => {
    const db = await studyDb();
    const revision = await reportRevision(db);
    const values = extractions('x1');
    // Line 3 repeats line 1 identically (no problem); line 601 repeats line 2 with other content, a
    // batch later; line 1,100 names an argument that does not exist, two written batches later.
    values.splice(2, 0, values[0] ?? buildExtraction());
    values[600] = { ...(values[1] ?? buildExtraction()), current: ['F16'] };
    values[COUNT] = buildExtraction({ argument_id: 'missing', extractor: 'x1' });
    const problems = await refusal(load(db, 'extractions', values));
    expect(problems.map((problem) => problem.line)).toEqual([601, COUNT + 1]);
    expect(problems[0]?.message).toContain('(first on line 2)');
    expect(problems[1]?.message).toContain('no argument "missing"');
    for (const table of ['extractions', 'extractors', 'extraction_runs'])
      expect(await count(db, table)).toBe(0);
    expect(await count(db, 'imports')).toBe(2);
    expect(await reportRevision(db)).toBe(revision);

    const bad = gold();
    bad[900] = {
      argument_id: 'a900',
      ...buildJudgement({
        spans: [
          { case: 'current', factor: 'F4', style: 'code', polarity: 'asserted', start: 0, end: 99_999 },
        ],
      }),
    };
    const goldProblems = await refusal(load(db, 'gold', bad));
    expect(goldProblems.map((problem) => problem.line)).toEqual([901]);
    expect(await count(db, 'adjudications')).toBe(0);
    await db.close();
  });
});
