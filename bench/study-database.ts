import { createUser } from '../server/services/accounts/users.ts';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import { openDatabase } from '../server/store/open.ts';
import { upsertReportedValue } from '../server/store/reported-results.ts';
import type { ReportInput } from '../shared/scoring/index.ts';

export const BENCH_ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/**
 * Writes a study (the synthetic study's records) into a new database file the way the CLI's imports
 * do — validated and reconciled by `importRecords`, kind by kind: triples, arguments, extractions,
 * submitted annotations (their annotators' accounts created), gold (imported, so final, with its
 * error classes) — plus the reported values and an admin account for the HTTP benches.
 */
export async function writeStudyDatabase(file: string, input: ReportInput, study = 'bench'): Promise<void> {
  const db = await openDatabase(file);
  const sourceName = (kind: string) => `${kind}.jsonl`;
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study,
    sourceName: sourceName('triples'),
    values: input.triples,
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'arguments',
    study,
    sourceName: sourceName('arguments'),
    values: input.arguments,
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'extractions',
    study,
    sourceName: sourceName('extractions'),
    values: input.extractions,
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'annotations',
    study,
    sourceName: sourceName('annotations'),
    values: input.annotations.map((a) => ({
      argument_id: a.argumentId,
      annotator: a.annotator,
      ...a.judgement,
    })),
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'gold',
    study,
    sourceName: sourceName('gold'),
    values: input.gold.map((g) => ({ argument_id: g.argumentId, ...g.judgement })),
  });
  const studyId = (await requireStudy(db, study)).id;
  await db.transaction(async () => {
    for (const { source, ...value } of input.reported)
      await upsertReportedValue(db, studyId, { source, ...value }, null);
  });
  await createUser(db, CLI_ACTOR, { ...BENCH_ADMIN, roles: ['admin'] });
  await db.close();
}
