import { beforeAll, describe, expect, it } from 'vitest';
import { loggedIn, testApp } from './support/app.ts';
import { cliSandbox } from './support/cli.ts';
import { seedAnnotationStudy } from './support/study-fixture.ts';

/**
 * `report` on the demo study carries the alternative annotator test for every extractor, and the
 * figures are recomputed here from the exported annotations and extractions by a plain
 * re-implementation of the authors' procedure (Calderon, Reichart & Dror 2025; github.com/nitaytech/AltTest):
 * string sets, Jaccard or accuracy, leave one annotator out, Student's t by numerical integration of
 * its density (not the incomplete beta function the report uses), Benjamini–Yekutieli.
 */

interface Reading {
  pairs: Set<string>;
  abstained: boolean;
}

interface AnnotatorResult {
  annotator: string;
  n: number;
  status: string;
  advantage: number | null;
  mean_difference: number | null;
  t_statistic: number | null;
  p_value: number | null;
  rejected: boolean;
}

interface AltTestJson {
  alignment: string;
  epsilon: number;
  status: string;
  passed: boolean;
  winning_rate: number | null;
  advantage_probability: number | null;
  annotators_tested: number;
  arguments: number;
  annotators: AnnotatorResult[];
}

const CASES = ['current', 'tsc1', 'tsc2'] as const;
const CATALOGUE = new Set(Array.from({ length: 27 }, (_, i) => `F${i + 1}`).filter((code) => code !== 'F9'));

/** The catalogue factors a record lists, as "case:Fn" (a reference may carry its name after the code). */
function readPairs(record: Record<string, unknown>): Set<string> {
  const pairs = new Set<string>();
  for (const caseId of CASES)
    for (const reference of (record[caseId] as string[] | undefined) ?? []) {
      const code = /^F\d+/.exec(reference)?.[0];
      if (code !== undefined && CATALOGUE.has(code)) pairs.add(`${caseId}:${code}`);
    }
  return pairs;
}

function jaccard(a: Reading, b: Reading): number {
  const first = new Set(a.pairs);
  const second = new Set(b.pairs);
  if (a.abstained) first.add('abstained');
  if (b.abstained) second.add('abstained');
  const union = new Set([...first, ...second]);
  if (union.size === 0) return 1;
  return [...first].filter((element) => second.has(element)).length / union.size;
}

function accuracy(a: Reading, b: Reading): number {
  const differing =
    [...a.pairs].filter((pair) => !b.pairs.has(pair)).length +
    [...b.pairs].filter((pair) => !a.pairs.has(pair)).length;
  return 1 - differing / 78;
}

/** P(T ≤ t), T ~ Student's t with ν degrees of freedom: Simpson's rule on the unnormalised density. */
function tCdf(t: number, df: number): number {
  const density = (x: number) => (1 + (x * x) / df) ** (-(df + 1) / 2);
  const integrate = (from: number, to: number) => {
    const steps = 200_000;
    const h = (to - from) / steps;
    let sum = density(from) + density(to);
    for (let k = 1; k < steps; k++) sum += density(from + k * h) * (k % 2 === 1 ? 4 : 2);
    return (sum * h) / 3;
  };
  const limit = 60;
  return integrate(-limit, Math.max(-limit, Math.min(limit, t))) / integrate(-limit, limit);
}

/** The authors' procedure, written out once more. */
function recompute(
  humans: Map<string, Map<string, Reading>>,
  machine: Map<string, Reading>,
  epsilon: number,
  align: (a: Reading, b: Reading) => number,
) {
  const perAnnotator = [...humans.keys()].sort().map((held) => {
    const differences: number[] = [];
    const wins: number[] = [];
    for (const [argumentId, own] of humans.get(held) ?? []) {
      const extracted = machine.get(argumentId);
      const others = [...humans.entries()]
        .filter(([name, readings]) => name !== held && readings.has(argumentId))
        .map(([, readings]) => readings.get(argumentId) as Reading);
      if (extracted === undefined || others.length === 0) continue;
      const score = (reading: Reading) =>
        others.reduce((sum, other) => sum + align(reading, other), 0) / others.length;
      const human = score(own);
      const llm = score(extracted);
      const wExtractor = llm >= human - 1e-12 ? 1 : 0;
      const wHuman = human >= llm - 1e-12 ? 1 : 0;
      wins.push(wExtractor);
      differences.push(wHuman - wExtractor);
    }
    const n = differences.length;
    const mean = differences.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(differences.reduce((sum, d) => sum + (d - mean) ** 2, 0) / (n - 1));
    const p = sd === 0 ? (mean < epsilon ? 0 : 1) : tCdf((mean - epsilon) / (sd / Math.sqrt(n)), n - 1);
    const t = sd === 0 ? null : (mean - epsilon) / (sd / Math.sqrt(n));
    return { annotator: held, n, p, t, advantage: wins.reduce((a, b) => a + b, 0) / n, mean };
  });
  const tested = perAnnotator.filter((entry) => entry.n >= 30);
  const m = tested.length;
  const harmonic = Array.from({ length: m }, (_, i) => 1 / (i + 1)).reduce((a, b) => a + b, 0);
  const sorted = [...tested].sort((a, b) => a.p - b.p);
  let largest = 0;
  sorted.forEach((entry, rank) => {
    if (entry.p <= ((rank + 1) / m) * (0.05 / harmonic)) largest = rank + 1;
  });
  const rejected = new Set(sorted.slice(0, largest).map((entry) => entry.annotator));
  return {
    perAnnotator,
    rejected,
    winningRate: m === 0 ? null : rejected.size / m,
    advantageProbability: m === 0 ? null : tested.reduce((sum, entry) => sum + entry.advantage, 0) / m,
  };
}

function jsonLines(text: string): Record<string, unknown>[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('report on the demo: the alternative annotator test', () => {
  const sandbox = cliSandbox();
  let humans: Map<string, Map<string, Reading>>;
  let machines: Map<string, Map<string, Reading>>;

  beforeAll(async () => {
    const loaded = await sandbox.run('demo', '--with-annotations');
    expect(loaded.code, loaded.stderr).toBe(0);
    humans = new Map();
    for (const record of jsonLines((await sandbox.run('export', 'annotations')).stdout)) {
      const name = String(record.annotator);
      const readings = humans.get(name) ?? new Map<string, Reading>();
      readings.set(String(record.argument_id), {
        pairs: readPairs(record),
        abstained: record.abstained === true,
      });
      humans.set(name, readings);
    }
    machines = new Map();
    for (const record of jsonLines((await sandbox.run('export', 'extractions')).stdout)) {
      if (record.status === 'failed') continue;
      const name = String(record.extractor);
      const pairs = readPairs(record);
      const assertsNothing =
        pairs.size === 0 && ((record.unlisted as unknown[] | undefined) ?? []).length === 0;
      const readings = machines.get(name) ?? new Map<string, Reading>();
      readings.set(String(record.argument_id), {
        pairs,
        abstained: typeof record.abstained === 'boolean' ? record.abstained : assertsNothing,
      });
      machines.set(name, readings);
    }
  }, 120_000);

  it.each([
    ['jaccard', '0.2', jaccard],
    ['accuracy', '0.01', accuracy],
  ] as const)(
    'carries alt_test for every extractor (%s, ε %s), equal to the recomputation',
    async (alignment, epsilon, align) => {
      const result = await sandbox.run(
        'report',
        '--format',
        'json',
        '--replicates',
        '0',
        '--alt-epsilon',
        epsilon,
        '--alt-alignment',
        alignment,
      );
      expect(result.code, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout) as {
        meta: { extractors: string[] };
        verdict: { alt_test: string };
        alt_test: Record<string, AltTestJson>;
      };
      expect(Object.keys(report.alt_test).sort()).toEqual([...report.meta.extractors].sort());
      expect(report.meta.extractors.length).toBeGreaterThan(0);
      // The demo has two annotators, alice and bob, on the same 50 sampled arguments.
      expect([...humans.keys()].sort()).toEqual(['alice', 'bob']);
      for (const [extractor, test] of Object.entries(report.alt_test)) {
        const expected = recompute(humans, machines.get(extractor) ?? new Map(), Number(epsilon), align);
        expect(test).toMatchObject({
          alignment,
          epsilon: Number(epsilon),
          arguments: 50,
          annotators_tested: 2,
        });
        expect(test.annotators.map((entry) => [entry.annotator, entry.n])).toEqual(
          expected.perAnnotator.map((entry) => [entry.annotator, entry.n]),
        );
        for (const entry of test.annotators) {
          const mine = expected.perAnnotator.find((candidate) => candidate.annotator === entry.annotator);
          expect(entry.advantage, `${extractor} ${entry.annotator}`).toBeCloseTo(
            mine?.advantage ?? Number.NaN,
            12,
          );
          expect(entry.mean_difference).toBeCloseTo(mine?.mean ?? Number.NaN, 12);
          expect(entry.t_statistic).toBeCloseTo(mine?.t ?? Number.NaN, 10);
          // Relative: the demo's p-values run from about 1e-9 to 1e-2.
          expect(
            Math.abs((entry.p_value ?? Number.NaN) - (mine?.p ?? 0)) / (mine?.p ?? 1),
            `${extractor} ${entry.annotator} p`,
          ).toBeLessThan(1e-6);
          expect(entry.rejected).toBe(expected.rejected.has(entry.annotator));
        }
        expect(test.winning_rate).toBe(expected.winningRate);
        expect(test.advantage_probability).toBeCloseTo(expected.advantageProbability ?? Number.NaN, 12);
        // Two annotators only: the figures are there, but the authors' minimum of three is not met.
        expect(test.status).toBe('too_few_annotators');
        expect(test.passed).toBe(false);
        expect(report.verdict.alt_test).toContain(`${extractor}: winning rate`);
      }
      expect(report.verdict.alt_test).toContain("below the authors' minimum of 3");
    },
    120_000,
  );

  it('prints the verdict line and the tables in Markdown and HTML, and refuses an ε outside (0, 1)', async () => {
    const markdown = await sandbox.run('report', '--format', 'md', '--replicates', '0');
    expect(markdown.code, markdown.stderr).toBe(0);
    expect(markdown.stdout).toContain('Can an extractor stand in for a human annotator?');
    expect(markdown.stdout).toContain(
      '### Can the extractor stand in for a human? The alternative annotator test',
    );
    expect(markdown.stdout).toContain('| extractor | held-out annotator |');
    const html = await sandbox.run('report', '--format', 'html', '--replicates', '0');
    expect(html.code, html.stderr).toBe(0);
    expect(html.stdout).toContain('Can the extractor stand in for a human? The alternative annotator test');
    expect(html.stdout).toContain('held-out annotator');
    const refused = await sandbox.run('report', '--alt-epsilon', '1');
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('alt');
  }, 120_000);
});

describe('the report API and the alternative annotator test', () => {
  it('takes altEpsilon and altAlignment, and answers 400 naming an ε outside (0, 1)', async () => {
    const { app, db } = await testApp();
    await seedAnnotationStudy(db);
    const admin = await loggedIn(app, 'admin');
    const refused = await admin.agent.get('/api/studies/default/report?altEpsilon=1').expect(400);
    expect(JSON.stringify(refused.body)).toContain('altEpsilon');
    await admin.agent.get('/api/studies/default/report?altAlignment=cosine').expect(400);
    const report = await admin.agent
      .get('/api/studies/default/report?replicates=0&altEpsilon=0.15&altAlignment=accuracy')
      .expect(200);
    expect(report.body.meta).toMatchObject({ alt_epsilon: 0.15, alt_alignment: 'accuracy' });
    for (const test of Object.values(report.body.alt_test as Record<string, AltTestJson>))
      expect(test).toMatchObject({ epsilon: 0.15, alignment: 'accuracy' });
  }, 60_000);
});
