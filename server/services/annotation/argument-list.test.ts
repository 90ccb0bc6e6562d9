import { describe, expect, it } from 'vitest';
import { argumentListQuerySchema } from '../../../shared/console-api.ts';
import { buildArgument, buildExtraction, buildTriple } from '../../../test/factories.ts';
import { openDatabase } from '../../store/open.ts';
import { CLI_ACTOR } from '../audit/audit.ts';
import { importRecords } from '../interchange/import/import-records.ts';
import { drawSample } from '../sampling/samples.ts';
import { requireStudy } from '../study/studies.ts';
import { argumentListPage } from './argument-list.ts';

async function studyOfTwelve() {
  const db = await openDatabase(':memory:');
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study: 'default',
    sourceName: 't',
    values: [buildTriple()],
  });
  const values = Array.from({ length: 12 }, (_, index) =>
    buildArgument({
      id: `arg-${String(index).padStart(2, '0')}`,
      model: index % 2 === 0 ? 'even-model' : 'odd-model',
      test: 1,
      text: index === 5 ? 'A text with 50% of a unique phrase.' : 'Plaintiff: F4. Defendant: F10.',
    }),
  );
  await importRecords(db, { actor: CLI_ACTOR, kind: 'arguments', study: 'default', sourceName: 'a', values });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'extractions',
    study: 'default',
    sourceName: 'e',
    values: [buildExtraction({ argument_id: 'arg-00', extractor: 'rules' })],
  });
  const study = await requireStudy(db, 'default');
  await drawSample(
    db,
    study,
    { size: 4, seed: 1, allocation: 'equal', strata: ['model'], excludeSampled: false },
    CLI_ACTOR,
  );
  return { db, study };
}

const query = (raw: Record<string, string>) => argumentListQuerySchema.parse(raw);

describe('argumentListPage', () => {
  it('pages through the arguments sorted by id, with the total and the extractors', async () => {
    const { db, study } = await studyOfTwelve();
    const first = await argumentListPage(db, study, query({ pageSize: '5' }));
    expect(first.total).toBe(12);
    expect(first.items.map((item) => item.argumentId)).toEqual([
      'arg-00',
      'arg-01',
      'arg-02',
      'arg-03',
      'arg-04',
    ]);
    expect(first.items[0]?.extractions).toEqual({ rules: 'extracted' });
    expect(first.extractors).toEqual(['rules']);
    expect(first.models).toEqual(['even-model', 'odd-model']);
    const last = await argumentListPage(db, study, query({ pageSize: '5', page: '3' }));
    expect(last.items.map((item) => item.argumentId)).toEqual(['arg-10', 'arg-11']);
  });

  it('filters by model, sampled and a search that takes % literally', async () => {
    const { db, study } = await studyOfTwelve();
    expect((await argumentListPage(db, study, query({ model: 'odd-model' }))).total).toBe(6);
    const sampled = await argumentListPage(db, study, query({ sampled: 'yes' }));
    expect(sampled.total).toBe(4);
    expect(sampled.items.every((item) => item.sampled)).toBe(true);
    expect((await argumentListPage(db, study, query({ sampled: 'no' }))).total).toBe(8);
    expect(
      (await argumentListPage(db, study, query({ q: '50%' }))).items.map((item) => item.argumentId),
    ).toEqual(['arg-05']);
    expect((await argumentListPage(db, study, query({ q: '5%' }))).total).toBe(0);
    expect((await argumentListPage(db, study, query({ adjudicated: 'yes' }))).total).toBe(0);
  });

  it('refuses an unknown parameter, a page size beyond 100 and a test that does not exist', () => {
    expect(argumentListQuerySchema.safeParse({ sort: 'x' }).success).toBe(false);
    expect(argumentListQuerySchema.safeParse({ pageSize: '101' }).success).toBe(false);
    expect(argumentListQuerySchema.safeParse({ test: '4' }).success).toBe(false);
  });
});
