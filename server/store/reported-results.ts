import type { ReportedMetric } from '../../shared/schemas/reported.ts';
import type { TestNumber } from '../../shared/vocabulary.ts';
import type { Db } from './db.ts';

export interface ReportedValue {
  source: string;
  model: string;
  test: TestNumber;
  metric: ReportedMetric;
  value: number;
}

export async function findReportedValue(
  db: Db,
  studyId: number,
  key: Omit<ReportedValue, 'value'>,
): Promise<number | undefined> {
  return (
    await db.first<{ value: number }>(
      'SELECT value FROM reported_results WHERE study_id = @studyId AND source = @source AND model = @model AND test = @test AND metric = @metric',
      { studyId, ...key },
    )
  )?.value;
}

export async function upsertReportedValue(
  db: Db,
  studyId: number,
  value: ReportedValue,
  importId: number | null,
): Promise<void> {
  await db.run(
    `INSERT INTO reported_results (study_id, source, model, test, metric, value, import_id)
     VALUES (@studyId, @source, @model, @test, @metric, @value, @importId)
     ON CONFLICT (study_id, source, model, test, metric) DO UPDATE SET value = excluded.value, import_id = excluded.import_id`,
    { studyId, ...value, importId },
  );
}

export async function listReportedValues(db: Db, studyId: number): Promise<ReportedValue[]> {
  return await db.all<ReportedValue>(
    'SELECT source, model, test, metric, value FROM reported_results WHERE study_id = ? ORDER BY source, model, test, metric',
    [studyId],
  );
}
