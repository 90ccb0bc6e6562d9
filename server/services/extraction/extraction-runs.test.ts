import { describe, expect, it } from 'vitest';
import { buildArgument, buildExtraction, buildTriple } from '../../../test/factories.ts';
import { openDatabase } from '../../store/open.ts';
import { CLI_ACTOR } from '../audit/audit.ts';
import { importRecords } from '../interchange/import/import-records.ts';
import { drawSample } from '../sampling/samples.ts';
import { requireStudy } from '../study/studies.ts';
import { extractorRuns, runParameters } from './extraction-runs.ts';

describe('extractorRuns', () => {
  it('counts each extractor over the study and the latest sample, and lists its runs with their import', async () => {
    const db = await openDatabase(':memory:');
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'triples',
      study: 'default',
      sourceName: 't.jsonl',
      values: [buildTriple()],
    });
    const ids = Array.from({ length: 6 }, (_, index) => `arg-${index}`);
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: 'default',
      sourceName: 'a.jsonl',
      values: ids.map((id) => buildArgument({ id, model: 'm', test: 1 })),
    });
    const study = await requireStudy(db, 'default');
    await drawSample(
      db,
      study,
      { size: 6, seed: 1, allocation: 'equal', strata: ['model'], excludeSampled: false },
      CLI_ACTOR,
    );
    await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'extractions',
      study: 'default',
      sourceName: 'gpt-x.jsonl',
      values: [
        buildExtraction({ argument_id: 'arg-0', extractor: 'gpt-x' }),
        buildExtraction({ argument_id: 'arg-1', extractor: 'gpt-x' }),
        buildExtraction({
          argument_id: 'arg-2',
          extractor: 'gpt-x',
          status: 'failed',
          error: 'no JSON',
          current: [],
          tsc1: [],
          tsc2: [],
        }),
      ],
    });
    const [run] = await extractorRuns(db, study);
    expect(run).toMatchObject({
      name: 'gpt-x',
      extracted: 2,
      failed: 1,
      notRun: 3,
      sample: { version: 1, items: 6, extracted: 2, failed: 1, notRun: 3 },
      runCount: 1,
    });
    expect(run?.runs).toEqual([
      expect.objectContaining({ importFile: 'gpt-x.jsonl', stored: 3, finishedAt: null }),
    ]);
  });
});

describe('runParameters', () => {
  it('reads a run’s parameters as name–value texts, values that are not text as JSON, long ones cut', () => {
    expect(
      runParameters(JSON.stringify({ model: 'gpt-4.1', temperature: 0, prompt: { sha256: 'ab' } })),
    ).toEqual([
      { name: 'model', value: 'gpt-4.1' },
      { name: 'temperature', value: '0' },
      { name: 'prompt', value: '{"sha256":"ab"}' },
    ]);
    expect(runParameters(JSON.stringify({ long: 'x'.repeat(500) }))[0]?.value).toHaveLength(120);
    expect(runParameters('{not json')).toEqual([{ name: 'parameters', value: 'unreadable' }]);
    expect(runParameters('[]')).toEqual([]);
  });
});
