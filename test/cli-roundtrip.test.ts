import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StudyOverview } from '../shared/api.ts';
import {
  buildAnnotation,
  buildArgument,
  buildExtraction,
  buildJudgement,
  buildTriple,
  toJsonl,
} from './factories.ts';
import { cliSandbox } from './support/cli.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/import/${name}`, import.meta.url));

async function seededSandbox() {
  const sandbox = cliSandbox();
  const triples = [
    buildTriple(),
    buildTriple({ id: 't3', mode: 'non_arguable', current: { factors: ['F1'] } }),
  ];
  const argumentsFile = [
    buildArgument(),
    buildArgument({
      id: 'a3',
      triple_id: 't3',
      test: 3,
      text: 'No common factor',
      finish_reason: 'length',
      output_tokens: 12,
    }),
  ];
  expect((await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl(triples)))).code).toBe(0);
  expect(
    (await sandbox.run('import', 'arguments', sandbox.file('a.jsonl', toJsonl(argumentsFile)))).code,
  ).toBe(0);
  return sandbox;
}

/** Exports a kind, imports the export into a fresh study, exports again: the two exports must be identical. */
async function roundTrip(sandbox: ReturnType<typeof cliSandbox>, kind: string): Promise<string> {
  const first = await sandbox.run('export', kind);
  expect(first.code, first.stderr).toBe(0);
  const again = await sandbox.run('import', kind, sandbox.file(`${kind}-export.jsonl`, first.stdout));
  expect(again.code, again.stderr).toBe(0);
  expect(again.stdout).toMatch(/ 0 new, 0 replaced, \d+ unchanged/);
  return first.stdout;
}

describe('import → export → import', () => {
  it('is lossless for triples and arguments', async () => {
    const sandbox = await seededSandbox();
    const triples = await roundTrip(sandbox, 'triples');
    expect(triples.trim().split('\n')).toHaveLength(2);
    const exported = (await roundTrip(sandbox, 'arguments'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exported[1]).toEqual({
      id: 'a3',
      triple_id: 't3',
      model: 'gpt-4o',
      test: 3,
      text: 'No common factor',
      finish_reason: 'length',
      output_tokens: 12,
    });
  });

  it('is lossless for extractions, keeping failed ones failed with their error', async () => {
    const sandbox = await seededSandbox();
    const extractions = [
      buildExtraction({
        current: ['F4 Agreed-not-to-disclose (P)', 'F30 Market-dominance'],
        raw: '{…}',
        abstained: false,
      }),
      buildExtraction({
        argument_id: 'a3',
        current: [],
        tsc1: [],
        tsc2: [],
        status: 'failed',
        error: 'HTTP 429 after 6 attempts',
      }),
      buildExtraction({ extractor: 'rules', tsc2: [] }),
    ];
    const imported = await sandbox.run(
      'import',
      'extractions',
      sandbox.file('e.jsonl', toJsonl(extractions)),
    );
    expect(imported.code, imported.stderr).toBe(0);
    const lines = (await roundTrip(sandbox, 'extractions'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const failed = lines.find((line) => line.status === 'failed');
    expect(failed).toMatchObject({
      argument_id: 'a3',
      extractor: 'gpt-4.1',
      error: 'HTTP 429 after 6 attempts',
      current: [],
    });
    const extracted = lines.find((line) => line.argument_id === 'a1' && line.extractor === 'gpt-4.1');
    expect(extracted).toMatchObject({
      status: 'extracted',
      current: ['F4'],
      unlisted: [{ case: 'current', text: 'F30 Market-dominance' }],
    });
    const onlyRules = (await sandbox.run('export', 'extractions', '--extractor', 'rules')).stdout
      .trim()
      .split('\n');
    expect(onlyRules).toHaveLength(1);
    const overview = JSON.parse((await sandbox.run('status', '--json')).stdout) as StudyOverview;
    expect(overview.totals).toMatchObject({ extractions: 3, failedExtractions: 1 });
    expect(overview.extractors).toEqual([
      { name: 'gpt-4.1', extracted: 1, failed: 1 },
      { name: 'rules', extracted: 1, failed: 0 },
    ]);
  });

  it("is lossless for an extraction's evidence spans (mentions)", async () => {
    const sandbox = await seededSandbox();
    const mentions = [
      { start: 0, end: 2, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' },
      { start: 5, end: 20, case: null, factor: 'unlisted', style: 'name', polarity: 'hypothetical' },
    ] as const;
    const file = sandbox.file(
      'e.jsonl',
      toJsonl([buildExtraction({ extractor: 'rules', mentions: [...mentions] })]),
    );
    expect((await sandbox.run('import', 'extractions', file)).code).toBe(0);
    const [exported] = (await roundTrip(sandbox, 'extractions'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exported.mentions).toEqual(mentions);
  });

  it('is lossless for annotations and gold, and checks spans against the text', async () => {
    const sandbox = await seededSandbox();
    const span = {
      start: 57,
      end: 79,
      case: 'current',
      factor: 'F4',
      style: 'name',
      polarity: 'asserted',
    } as const;
    const annotations = [
      buildAnnotation({ spans: [span], comment: 'clear', guideline_version: '1.0' }),
      buildAnnotation({ annotator: 'bob', tsc2: [] }),
      buildAnnotation({
        argument_id: 'a3',
        current: [],
        tsc1: [],
        tsc2: [],
        abstained: true,
        exact_phrase: true,
      }),
    ];
    const imported = await sandbox.run(
      'import',
      'annotations',
      sandbox.file('n.jsonl', toJsonl(annotations)),
    );
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stderr).toContain('created the account "alice"');
    const exported = (await roundTrip(sandbox, 'annotations'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exported).toHaveLength(3);
    expect(exported.find((record) => record.annotator === 'alice' && record.argument_id === 'a1')).toEqual(
      annotations[0],
    );

    const gold = [{ argument_id: 'a1', adjudicator: 'carol', ...buildJudgement() }];
    expect((await sandbox.run('import', 'gold', sandbox.file('g.jsonl', toJsonl(gold)))).code).toBe(0);
    expect(JSON.parse(await roundTrip(sandbox, 'gold'))).toEqual(gold[0]);

    const outside = [buildAnnotation({ annotator: 'dan', spans: [{ ...span, end: 5000 }] })];
    const refused = await sandbox.run('import', 'annotations', sandbox.file('bad.jsonl', toJsonl(outside)));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.jsonl:1: spans\[0\]: ends at 5000, after the end of the text/);
  });
});

describe('cli import paper-log', () => {
  it("yields triples, arguments and GPT-4.1's extraction at once; unparseable text is a failed extraction", async () => {
    const sandbox = cliSandbox();
    const refused = await sandbox.run('import', 'paper-log', fixture('paper-log-gpt-4o-test1.json'));
    expect(refused.stderr).toContain('pass --model NAME and --test 1|2|3');
    const result = await sandbox.run(
      'import',
      'paper-log',
      fixture('paper-log-gpt-4o-test1.json'),
      '--model',
      'gpt-4o',
      '--test',
      '1',
    );
    expect(result.code, result.stderr).toBe(0);
    const overview = JSON.parse((await sandbox.run('status', '--json')).stdout) as StudyOverview;
    // Both log entries share one scenario, so they share one triple.
    expect(overview.totals).toMatchObject({ triples: 1, arguments: 2, extractions: 2, failedExtractions: 1 });
    const extractions = (await sandbox.run('export', 'extractions')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(extractions[0]).toMatchObject({
      extractor: 'gpt-4.1',
      status: 'extracted',
      current: ['F4', 'F16'],
      tsc1: ['F4'],
      tsc2: ['F16'],
      unlisted: [{ case: 'tsc2', text: 'F30 Market-dominance (P)' }],
    });
    expect(extractions[0].raw).toContain('```json');
    expect(extractions[1]).toMatchObject({ status: 'failed', current: [], tsc1: [], tsc2: [] });
    expect(extractions[1].error).toBeTruthy();
  });
});

describe('cli import reported', () => {
  it('imports the figures a paper printed and names the line of a bad one', async () => {
    const sandbox = cliSandbox();
    const good = {
      source: 'Zhang et al. 2025, Table 1',
      values: [{ model: 'gpt-4o', test: 1, metric: 'acch', value: 0.95 }],
    };
    const result = await sandbox.run(
      'import',
      'reported',
      sandbox.file('r.json', JSON.stringify(good, null, 2)),
    );
    expect(result.code, result.stderr).toBe(0);
    const bad = {
      source: 'T',
      values: [good.values[0], { model: 'gpt-4o', test: 2, metric: 'acch', value: 95 }],
    };
    const refused = await sandbox.run(
      'import',
      'reported',
      sandbox.file('bad.json', JSON.stringify(bad, null, 2)),
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/bad\.json:10: values\[1\]\.value: is a proportion: at most 1/);
    expect(
      (JSON.parse((await sandbox.run('status', '--json')).stdout) as StudyOverview).totals.reportedValues,
    ).toBe(1);
  });
});
