import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importFile } from '../server/services/interchange/import/import-records.ts';
import type { JsonlKind } from '../server/services/interchange/import/parse-records.ts';
import { inspectSource, streamLines } from '../server/services/interchange/import/read-source.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import { type Db, sqliteConnectionOf } from '../server/store/db.ts';
import { openDatabase } from '../server/store/open.ts';
import { PostgresDb } from '../server/store/postgres/postgres-db.ts';
import { generateTriples } from '../shared/generate/index.ts';
import { createDatabaseOn, uniqueDatabaseName } from '../test/support/postgres-cluster.ts';
import { loadAverage } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import { syntheticStudy } from './synthetic-study.ts';

/**
 * Every JSONL import kind through `importFile` (what `import KIND FILE` and the upload run: read,
 * validate every record, reconcile with what is stored, write in one transaction), against the floor
 * of a raw better-sqlite3 insert of the same records: the same file read and JSON-parsed, one prepared
 * INSERT per record into the same table (same indexes, same triggers) in one transaction — with its
 * history row for annotations and gold, whose every version the schema keeps. Each is
 * timed ROUNDS times inside a transaction rolled back afterwards (the import's own transaction nests as
 * a savepoint), the best kept; then the import runs once for good, for the kinds that follow. Records from the synthetic study (8 models
 * × 3 tests × PER_CELL arguments of 3,000 characters, two extractors, GOLD gold arguments annotated by
 * two annotators); triples from the generator. Reported values (72 per paper) are too few to time.
 */
const PER_CELL = 500;
const GOLD = 1_000;
const TRIPLES_PER_MODE = 8_000;
/** Rounds of each measurement (the best is kept: the usual defence against a noisy neighbour). */
const ROUNDS = 3;

type RowsOf = (db: Db, studyId: number, value: Record<string, unknown>) => unknown[] | Promise<unknown[]>;

/**
 * A kind's raw INSERT, how a parsed record becomes its row, and — for the kinds whose every version
 * the schema keeps (annotations, gold) — the history row written with it (`sql` then RETURNs the id).
 */
interface RawInsert {
  sql: string;
  row: RowsOf;
  history?: (id: number, row: unknown[]) => unknown;
}

/** Each kind's raw INSERT and how a parsed record becomes its row (ids looked up in maps built first). */
async function rawInsert(db: Db, studyId: number, kind: JsonlKind): Promise<RawInsert> {
  const now = new Date().toISOString();
  const json = (value: unknown) => JSON.stringify(value ?? []);
  const idMap = async (sql: string) =>
    new Map((await db.all<{ k: string; id: number }>(sql, [studyId])).map((r) => [r.k, r.id]));
  switch (kind) {
    case 'triples':
      return {
        sql: `INSERT INTO triples (study_id, external_id, mode, current_factors, tsc1_factors, tsc1_outcome, tsc2_factors, tsc2_outcome)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        row: (_db, id, t) => {
          const triple = t as {
            id: string;
            mode: string;
            current: { factors: string[] };
            tsc1: { factors: string[]; outcome: string };
            tsc2: { factors: string[]; outcome: string };
          };
          return [
            id,
            triple.id,
            triple.mode,
            json(triple.current.factors),
            json(triple.tsc1.factors),
            triple.tsc1.outcome,
            json(triple.tsc2.factors),
            triple.tsc2.outcome,
          ];
        },
      };
    case 'arguments': {
      const triples = await idMap('SELECT external_id AS k, id FROM triples WHERE study_id = ?');
      return {
        sql: `INSERT INTO arguments (study_id, external_id, triple_id, model, test, text, finish_reason, output_tokens, source)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        row: (_db, id, a) => [
          id,
          a.id,
          triples.get(a.triple_id as string),
          a.model,
          a.test,
          a.text,
          a.finish_reason ?? null,
          a.output_tokens ?? null,
          a.source ?? null,
        ],
      };
    }
    case 'extractions': {
      const args = await idMap('SELECT external_id AS k, id FROM arguments WHERE study_id = ?');
      const extractors = new Map<string, number>();
      return {
        sql: `INSERT INTO extractions (argument_id, extractor_id, status, current_factors, tsc1_factors, tsc2_factors, unlisted, error)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        row: async (rowDb, id, e) => {
          const name = e.extractor as string;
          let extractor = extractors.get(name);
          if (extractor === undefined) {
            extractor = await rowDb.insert(
              "INSERT INTO extractors (study_id, name, kind) VALUES (?, ?, 'imported')",
              [id, name],
            );
            extractors.set(name, extractor);
          }
          return [
            args.get(e.argument_id as string),
            extractor,
            e.status ?? 'extracted',
            json(e.current),
            json(e.tsc1),
            json(e.tsc2),
            json(e.unlisted),
            e.error ?? null,
          ];
        },
      };
    }
    case 'annotations': {
      const args = await idMap('SELECT external_id AS k, id FROM arguments WHERE study_id = ?');
      const users = new Map<string, number>();
      const history = sqliteConnectionOf(db, 'the import bench').prepare(
        "INSERT INTO annotation_history (annotation_id, action, version, judgement, at) VALUES (?, 'import', 1, ?, ?)",
      );
      return {
        sql: `INSERT INTO annotations (argument_id, user_id, status, version, judgement, updated_at, submitted_at)
              VALUES (?, ?, 'submitted', 1, ?, ?, ?) RETURNING id`,
        history: (id, row) => history.run(id, row[2], now),
        row: async (rowDb, _id, { argument_id, annotator, ...judgement }) => {
          let user = users.get(annotator as string);
          if (user === undefined) {
            user = await rowDb.insert(
              'INSERT INTO users (username, display_name, roles, created_at) VALUES (?, ?, \'["annotator"]\', ?)',
              [annotator, annotator, now],
            );
            users.set(annotator as string, user);
          }
          return [args.get(argument_id as string), user, JSON.stringify(judgement), now, now];
        },
      };
    }
    case 'gold': {
      const args = await idMap('SELECT external_id AS k, id FROM arguments WHERE study_id = ?');
      const history = sqliteConnectionOf(db, 'the import bench').prepare(
        "INSERT INTO gold_history (adjudication_id, action, status, version, judgement, decisions, at) VALUES (?, 'import', 'imported', 1, ?, '[]', ?)",
      );
      return {
        sql: `INSERT INTO adjudications (argument_id, status, version, judgement, decisions, updated_at, fixed_at)
              VALUES (?, 'imported', 1, ?, '[]', ?, ?) RETURNING id`,
        history: (id, row) => history.run(id, row[1], now),
        row: (_db, _id, { argument_id, ...judgement }) => [
          args.get(argument_id as string),
          JSON.stringify(judgement),
          now,
          now,
        ],
      };
    }
  }
}

/** Thrown to end `rolledBack`'s transaction: `Db.transaction` rolls back on a throw. */
class RollBack extends Error {}

/**
 * Runs `work` inside a transaction that is rolled back (`db.transaction`, so the import's own
 * transaction nests as a savepoint): the database is as before, for the next round.
 */
async function rolledBack(db: Db, work: () => Promise<unknown>): Promise<number> {
  let elapsed = 0;
  try {
    await db.transaction(async () => {
      const start = performance.now();
      await work();
      elapsed = performance.now() - start;
      throw new RollBack('rolled back');
    });
  } catch (error) {
    if (!(error instanceof RollBack)) throw error;
  }
  return elapsed;
}

async function rawInsertFile(db: Db, study: string, kind: JsonlKind, file: string): Promise<void> {
  const studyId = (await requireStudy(db, study)).id;
  const values: Record<string, unknown>[] = [];
  await streamLines(await inspectSource(file), {
    line: (_line, text) => {
      values.push(JSON.parse(text) as Record<string, unknown>);
    },
    invalidUtf8: (line) => {
      throw new Error(`${file}:${line}: not UTF-8`);
    },
  });
  const { sql, row, history } = await rawInsert(db, studyId, kind);
  const insert = sqliteConnectionOf(db, 'the import bench').prepare(sql);
  for (const value of values) {
    const params = await row(db, studyId, value);
    if (history) history((insert.get(params) as { id: number }).id, params);
    else insert.run(params);
  }
}

/** The best of ROUNDS, each rolled back. */
async function best(db: Db, work: () => Promise<unknown>): Promise<number> {
  let fastest = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round += 1) fastest = Math.min(fastest, await rolledBack(db, work));
  return fastest;
}

/** Rows per multi-row INSERT of the PostgreSQL floor (9 columns × 1,000 stays under 65,535 parameters). */
const PG_BATCH = 1_000;

/**
 * The PostgreSQL floor: the same file read and JSON-parsed, the same rows (`rawInsert`'s mapping), written
 * by plain `pg` queries of `INSERT … VALUES (…),(…)…` batches of PG_BATCH rows in one transaction.
 */
async function rawMultiRowInsertFile(db: PostgresDb, study: string, kind: JsonlKind, file: string) {
  const studyId = (await requireStudy(db, study)).id;
  const values: Record<string, unknown>[] = [];
  await streamLines(await inspectSource(file), {
    line: (_line, text) => {
      values.push(JSON.parse(text) as Record<string, unknown>);
    },
    invalidUtf8: (line) => {
      throw new Error(`${file}:${line}: not UTF-8`);
    },
  });
  const { sql, row, history } = await rawInsert(db, studyId, kind);
  const head = /^\s*(INSERT INTO \w+ \([^)]*\))/.exec(sql)?.[1];
  if (!head || history) throw new Error(`no multi-row floor for ${kind}`);
  const rows: unknown[][] = [];
  for (const value of values) rows.push(await row(db, studyId, value));
  const client = await db.pool.connect();
  try {
    await client.query('BEGIN');
    for (let start = 0; start < rows.length; start += PG_BATCH) {
      const batch = rows.slice(start, start + PG_BATCH);
      const params: unknown[] = [];
      const tuples = batch.map((params_) => {
        const placeholders = params_.map((param) => {
          params.push(param);
          return `$${params.length}`;
        });
        return `(${placeholders.join(', ')})`;
      });
      await client.query(`${head} VALUES ${tuples.join(', ')}`, params);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

/**
 * `count` arguments (rounded up to whole 8 × 3 cells of the synthetic study, 3,000 characters each)
 * imported through `importFile` into a PostgreSQL database at `baseUrl` (a superuser URL), against
 * `rawMultiRowInsertFile` of the same file. Each round runs on two fresh databases (migrated, the
 * study's triples imported first, untimed); the best of ROUNDS is kept on each side.
 */
export async function postgresArgumentImport(baseUrl: string, count: number): Promise<BenchFigure> {
  const dir = mkdtempSync(join(tmpdir(), 'fa-bench-import-pg-'));
  const study = syntheticStudy({ perCell: Math.ceil(count / 24), gold: { count: 24 }, textLength: 3000 });
  const triplesFile = join(dir, 'triples.jsonl');
  const argumentsFile = join(dir, 'arguments.jsonl');
  writeFileSync(triplesFile, toJsonl(study.triples));
  writeFileSync(argumentsFile, toJsonl(study.arguments));
  const freshDb = async () => {
    const db = await openDatabase(await createDatabaseOn(baseUrl, uniqueDatabaseName('bench_import')));
    await importFile(db, { actor: CLI_ACTOR, kind: 'triples', file: triplesFile, study: 'bench' });
    if (!(db instanceof PostgresDb)) throw new Error('not a PostgreSQL database');
    return db;
  };
  let app = Number.POSITIVE_INFINITY;
  let floor = Number.POSITIVE_INFINITY;
  for (let round = 0; round < ROUNDS; round += 1) {
    const floorDb = await freshDb();
    let start = performance.now();
    await rawMultiRowInsertFile(floorDb, 'bench', 'arguments', argumentsFile);
    floor = Math.min(floor, performance.now() - start);
    await floorDb.close();
    const appDb = await freshDb();
    start = performance.now();
    const summary = await importFile(appDb, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      file: argumentsFile,
      study: 'bench',
    });
    app = Math.min(app, performance.now() - start);
    await appDb.close();
    if (summary.counts.inserted !== study.arguments.length)
      throw new Error(`imported ${summary.counts.inserted} of ${study.arguments.length} arguments`);
  }
  return {
    name: `PostgreSQL: import of ${study.arguments.length.toLocaleString('en-US')} arguments, time`,
    value: app,
    unit: 'ms',
    floor: {
      name: `read + JSON.parse + pg multi-row INSERT (${PG_BATCH} rows), one transaction`,
      value: floor,
    },
  };
}

const toJsonl = (records: readonly unknown[]) =>
  `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;

const bench: Bench = {
  name: 'imports of every JSONL kind against a raw prepared INSERT of the same records',
  async run() {
    console.log(`  load average before: ${loadAverage()}`);
    const dir = mkdtempSync(join(tmpdir(), 'fa-bench-import-'));
    const study = syntheticStudy({ perCell: PER_CELL, gold: { count: GOLD }, textLength: 3000 });
    const triples = (['arguable', 'reordered', 'non_arguable'] as const).flatMap(
      (mode, m) =>
        generateTriples({
          mode,
          count: TRIPLES_PER_MODE,
          complexity: 5,
          seed: 100 + m,
          idPrefix: `g-${mode}`,
        }).triples,
    );
    const files: { kind: JsonlKind; study: string; records: readonly unknown[] }[] = [
      { kind: 'triples', study: 'generated', records: triples },
      { kind: 'triples', study: 'bench', records: study.triples },
      { kind: 'arguments', study: 'bench', records: study.arguments },
      { kind: 'extractions', study: 'bench', records: study.extractions },
      {
        kind: 'annotations',
        study: 'bench',
        records: study.annotations.map((a) => ({
          argument_id: a.argumentId,
          annotator: a.annotator,
          ...a.judgement,
        })),
      },
      {
        kind: 'gold',
        study: 'bench',
        records: study.gold.map((g) => ({ argument_id: g.argumentId, ...g.judgement })),
      },
    ];
    const db = await openDatabase(join(dir, 'bench.db'));
    const figures: BenchFigure[] = [];
    for (const [index, { kind, study: name, records }] of files.entries()) {
      const file = join(dir, `${index}-${kind}.jsonl`);
      writeFileSync(file, toJsonl(records));
      // The study exists before the floor runs (its first import creates it otherwise).
      await db.run('INSERT OR IGNORE INTO studies (name, created_at) VALUES (?, ?)', [
        name,
        new Date().toISOString(),
      ]);
      const floor = await best(db, () => rawInsertFile(db, name, kind, file));
      const milliseconds = await best(db, () =>
        importFile(db, { actor: CLI_ACTOR, kind, file, study: name }),
      );
      // Then once for good: the next kinds need these records.
      const summary = await importFile(db, { actor: CLI_ACTOR, kind, file, study: name });
      if (summary.counts.inserted !== records.length)
        throw new Error(`imported ${summary.counts.inserted} of ${records.length} ${kind}`);
      figures.push({
        name: `${kind} (${records.length.toLocaleString('en-US')} records), time`,
        value: milliseconds,
        unit: 'ms',
        floor: { name: 'read + JSON.parse + raw prepared INSERT, one transaction', value: floor },
      });
    }
    await db.close();
    console.log(`  load average after: ${loadAverage()}`);
    return figures;
  },
};
export default bench;
