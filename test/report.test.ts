import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../shared/scoring/index.ts';
import { roundNumbers } from '../shared/scoring/index.ts';
import { EXPECTED_REPORT } from './fixtures/report/expected-report.ts';
import { cliSandbox } from './support/cli.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/report/${name}`, import.meta.url));

/** A database with the fixture study imported through the CLI, as a user would. */
async function fixtureStudy() {
  const sandbox = cliSandbox();
  for (const kind of ['triples', 'arguments', 'extractions', 'annotations', 'gold'])
    expect((await sandbox.run('--study', 'fixture', 'import', kind, fixture(`${kind}.jsonl`))).code).toBe(0);
  expect((await sandbox.run('--study', 'fixture', 'import', 'reported', fixture('reported.json'))).code).toBe(
    0,
  );
  return sandbox;
}

const INTERVAL_KEYS = ['ci', 'bca', 'wilson', 'clopper_pearson', 'undefined_replicates'];

/** The deterministic part: everything but intervals, flip shares, the time stamp and the worded verdict. */
function pointEstimates(report: Report): unknown {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (node === null || typeof node !== 'object') return node;
    return Object.fromEntries(
      Object.entries(node)
        .filter(
          ([key, value]) =>
            !INTERVAL_KEYS.includes(key) &&
            !((key === 'share' || key === 'ties') && typeof value !== 'object'),
        )
        .map(([key, value]) => [key, strip(value)]),
    );
  };
  const { verdict: _verdict, ...rest } = report;
  const { generated_at: _time, ...meta } = rest.meta;
  return roundNumbers(strip({ ...rest, meta }), 10);
}

/** Every figure in the report, with where it is. */
function figures(node: unknown, path = ''): { path: string; figure: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap((entry, index) => figures(entry, `${path}[${index}]`));
  if (node === null || typeof node !== 'object') return [];
  const record = node as Record<string, unknown>;
  const own = 'value' in record && 'method' in record ? [{ path, figure: record }] : [];
  return [...own, ...Object.entries(record).flatMap(([key, value]) => figures(value, `${path}.${key}`))];
}

describe('report on the hand-computed fixture study', () => {
  let sandbox: Awaited<ReturnType<typeof fixtureStudy>>;
  let report: Report;
  beforeAll(async () => {
    sandbox = await fixtureStudy();
    const result = await sandbox.run('--study', 'fixture', 'report', '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    report = JSON.parse(result.stdout) as Report;
  });

  it('gives exactly the hand-computed point estimates, counts, orders and statuses', () => {
    expect(pointEstimates(report)).toEqual(roundNumbers(EXPECTED_REPORT, 10));
  });

  it('gives the Wilson interval of gpt-4.1’s micro precision 13/16 as computed by hand', () => {
    // Wilson (1927): (x + z²/2 ± z·√(x(n − x)/n + z²/4)) / (n + z²), x = 13, n = 16, z = 1.959964.
    // z² = 3.841459; centre (13 + 1.920729)/19.841459 = 14.920729/19.841459 = 0.751998;
    // half-width 1.959964/19.841459 · √(13·3/16 + 0.960365) = 0.098781 · 1.843330 = 0.182086
    // → [0.751998 − 0.182086, 0.751998 + 0.182086] = [0.569911, 0.934084]
    const z = 1.959963984540054;
    const centre = (13 + (z * z) / 2) / (16 + z * z);
    const half = (z / (16 + z * z)) * Math.sqrt((13 * 3) / 16 + (z * z) / 4);
    const wilson = report.extractor_vs_gold['gpt-4.1']?.micro.precision.wilson;
    expect(centre).toBeCloseTo(0.751998, 6);
    expect(half).toBeCloseTo(0.182086, 6);
    expect(wilson?.lower).toBeCloseTo(0.569911, 6);
    expect(wilson?.upper).toBeCloseTo(0.934084, 6);
  });

  it('gives the pooled Student-t interval of a corrected estimate as computed by hand', () => {
    // gpt-4.1, alpha, Test 3 AccH: variance pooled over alpha's 3 differences, so ν = 2 and
    // t_{0.975, 2} = 4.302653 (NIST/SEMATECH e-Handbook 1.3.6.7.2): 1 ± 4.302653·√(93/16200)
    // = 1 ± 4.302653·0.0757676 = [0.673998, 1.326002], and AccH is a proportion: the upper end stops
    // at 1, and the figure says it was clipped.
    const figure = report.corrected['gpt-4.1']?.alpha?.['3']?.acch;
    expect(figure?.degrees_of_freedom).toBe(2);
    expect(figure?.ci?.lower).toBeCloseTo(0.673998, 6);
    expect(figure?.ci?.upper).toBe(1);
    expect(figure?.clipped).toBe(true);
  });

  it('gives every figure the uniform shape, and an interval around each estimate', () => {
    const all = figures(report);
    expect(all.length).toBeGreaterThan(400);
    for (const { path, figure } of all) {
      expect(['cluster-bootstrap', 'wilson', 'student-t', 'none'], path).toContain(figure.method);
      expect('ci' in figure, path).toBe(true);
      const ci = figure.ci as { lower: number; upper: number } | null;
      const value = figure.value as number | null;
      if (value === null) {
        expect(ci, path).toBeNull();
        continue;
      }
      // An interval withheld for too few gold keeps its estimate and says so.
      if (figure.method === 'none' || figure.interval === 'too_few') expect(ci, path).toBeNull();
      else {
        expect(ci, path).not.toBeNull();
        expect(ci && ci.lower <= ci.upper, path).toBe(true);
        expect(ci && ci.lower - 1e-12 <= value && value <= ci.upper + 1e-12, path).toBe(true);
      }
    }
  });

  it('decides and words the claims with their numbers', () => {
    // One gold argument in the smallest ranked cell, fewer than the 20 per cell the ranking claim needs.
    expect(report.verdict.ranking).toContain('0 hold, 0 fail, 1 undecided, 4 too few to judge of 5 rankings');
    expect(report.verdict.acch).toContain('0 hold, 0 fail, 0 undecided, 2 too few to judge of 2');
    // A census of 2 gives an interval of zero width; 2 gold arguments still judge nothing.
    expect(report.verdict.details).toContain(
      'alpha: corrected AccH Test 1 0.717 [0.717, 0.717] too few to judge (2 gold; needs 10).',
    );
    expect(
      report.verdict.details.some((line) =>
        line.startsWith(
          'AccH, Test 1: τ-b = -1.000 [no interval] over 2 models — too few to judge (1 gold in the smallest cell; needs 20 per cell)',
        ),
      ),
    ).toBe(true);
  });

  it('is reproducible from its seed and changes intervals, not estimates, with another seed', async () => {
    const again = JSON.parse(
      (await sandbox.run('--study', 'fixture', 'report', '--format', 'json')).stdout,
    ) as Report;
    const { generated_at: _a, ...metaA } = report.meta;
    const { generated_at: _b, ...metaB } = again.meta;
    expect({ ...again, meta: metaB }).toEqual({ ...report, meta: metaA });
    const reseeded = JSON.parse(
      (
        await sandbox.run(
          '--study',
          'fixture',
          'report',
          '--format',
          'json',
          '--seed',
          '9',
          '--replicates',
          '300',
        )
      ).stdout,
    ) as Report;
    expect(reseeded.meta).toMatchObject({ seed: 9, replicates: 300 });
    expect(reseeded.extractor_vs_gold['gpt-4.1']?.micro.recall.value).toBe(
      report.extractor_vs_gold['gpt-4.1']?.micro.recall.value,
    );
  });
});

describe('report formats and options', () => {
  let sandbox: Awaited<ReturnType<typeof fixtureStudy>>;
  beforeAll(async () => {
    sandbox = await fixtureStudy();
  });

  it('renders Markdown with the figures, "n/a" for null, and every section', async () => {
    const result = await sandbox.run('--study', 'fixture', 'report', '--format', 'md', '--replicates', '200');
    expect(result.code, result.stderr).toBe(0);
    for (const heading of [
      '# factor-audit report — study "fixture"',
      '## Verdict',
      '## 1. Extractors against the gold standard',
      '## 2. Agreement between annotators',
      "## 3. The study's metrics recomputed",
      '## 4. Corrected population estimates',
      '## 5. Rankings and claims',
      '## 6. Planning the sample',
    ])
      expect(result.stdout).toContain(heading);
    expect(result.stdout).toContain('| micro (all units) | 13 | 3 | 4 | 0.813 [');
    expect(result.stdout).toContain('n/a');
  });

  it('renders one self-contained HTML file: no script, no external asset, text escaped', async () => {
    const result = await sandbox.run(
      '--study',
      'fixture',
      'report',
      '--format',
      'html',
      '--replicates',
      '200',
    );
    expect(result.code, result.stderr).toBe(0);
    const html = result.stdout;
    expect(html.startsWith('<!doctype html>')).toBe(true);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link|src=|href=|url\(/i);
    expect(html).toContain('<td>micro (all units)</td><td>13</td><td>3</td><td>4</td>');
    expect(html).toContain('Paper, Table 2');
    expect(html).toContain('&quot;fixture&quot;');
  });

  it('renders the same content in Markdown and HTML', async () => {
    const md = (await sandbox.run('--study', 'fixture', 'report', '--format', 'md', '--replicates', '50'))
      .stdout;
    const html = (await sandbox.run('--study', 'fixture', 'report', '--format', 'html', '--replicates', '50'))
      .stdout;
    const cells = [...md.matchAll(/\| ([^|\n]+?) (?=\|)/g)]
      .map((match) => match[1] ?? '')
      .filter((cell) => cell !== '---');
    expect(cells.length).toBeGreaterThan(200);
    const unescaped = html
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    for (const cell of cells) expect(unescaped).toContain(cell.replace(/\\\|/g, '|'));
  });

  it('writes to --out and says where', async () => {
    const result = await sandbox.run(
      '--study',
      'fixture',
      'report',
      '--format',
      'json',
      '--replicates',
      '0',
      '--out',
      'report.json',
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('report.json');
    const written = JSON.parse(readFileSync(join(sandbox.dir, 'report.json'), 'utf8')) as Report;
    expect(written.meta.replicates).toBe(0);
    expect(written.extractor_vs_gold['gpt-4.1']?.micro.precision.ci).toBeNull();
  });

  it('refuses bad options and unknown studies with a message', async () => {
    const format = await sandbox.run('--study', 'fixture', 'report', '--format', 'pdf');
    expect(format.code).toBe(1);
    expect(format.stderr).toContain('--format');
    const level = await sandbox.run('--study', 'fixture', 'report', '--level', '95');
    expect(level.code).toBe(1);
    expect(level.stderr).toContain('--level');
    const study = await sandbox.run('--study', 'nope', 'report');
    expect(study.code).toBe(1);
    expect(study.stderr).toContain('Study "nope"');
  });

  it('estimates under the latest sample when one is drawn', async () => {
    expect((await sandbox.run('--study', 'fixture', 'sample', '--size', '4', '--seed', '3')).code).toBe(0);
    const report = JSON.parse(
      (await sandbox.run('--study', 'fixture', 'report', '--format', 'json', '--replicates', '100')).stdout,
    ) as Report;
    expect(report.meta.sample).toMatchObject({
      version: 1,
      strata_by: ['model', 'test'],
      excluded_previous: false,
      drawn: 4,
    });
    expect(report.meta.design).toBe('stratified sample version 1 (strata by model × test)');
    // One argument drawn per model × test cell; the other gold arguments are outside the design.
    expect(report.meta.counts.gold_outside_sample).toBe(
      6 - (report.meta.sample?.drawn_with_gold ?? Number.NaN),
    );
    expect(report.meta.notes.join(' ')).toContain('outside sample version 1');
  });

  it('uses the extractor and reported source asked for, and notes an unknown one', async () => {
    const report = JSON.parse(
      (
        await sandbox.run(
          '--study',
          'fixture',
          'report',
          '--format',
          'json',
          '--replicates',
          '0',
          '--extractor',
          'rules',
          '--reported-source',
          'Elsewhere',
        )
      ).stdout,
    ) as Report;
    expect(report.meta.primary_extractor).toBe('rules');
    expect(report.claims.acch_above.extractor).toBe('rules');
    expect(report.meta.reported_source).toBeNull();
    expect(report.meta.notes.join(' ')).toContain('No reported figures from "Elsewhere"');
    expect(report.claims.ranking.comparison).toBe('gold_vs_rules');
  });
});
