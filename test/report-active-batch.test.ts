import { beforeAll, describe, expect, it } from 'vitest';
import { SqliteDb } from '../server/store/db.ts';
import { studentTQuantile } from '../shared/stats/student-t-quantile.ts';
import { buildJudgement, toJsonl } from './factories.ts';
import { cliSandbox } from './support/cli.ts';

interface StoredItem {
  version: number;
  argumentId: string;
  inclusionProbability: number;
}

async function storedItems(path: string): Promise<StoredItem[]> {
  const db = new SqliteDb(path);
  try {
    return await db.all<StoredItem>(
      `SELECT s.version, a.external_id AS argumentId, i.inclusion_probability AS inclusionProbability
       FROM sample_items i JOIN samples s ON s.id = i.sample_id JOIN arguments a ON a.id = i.argument_id
       ORDER BY s.version, i.draw_order`,
    );
  } finally {
    await db.close();
  }
}

interface Sets {
  current: string[];
  tsc1: string[];
  tsc2: string[];
  unlisted: unknown[];
}

/** RatioAbstain's per-argument value: 1 when the reader asserts nothing in any case (no unlisted mention either). */
const abstains = (sets: Sets): number =>
  sets.current.length + sets.tsc1.length + sets.tsc2.length + sets.unlisted.length === 0 ? 1 : 0;

const lines = <T>(text: string): T[] =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => JSON.parse(line) as T);

interface Figure {
  value: number | null;
  variance: number | null;
  clipped: boolean;
  degrees_of_freedom: number | null;
  ci: { lower: number; upper: number } | null;
}

interface ReportJson {
  meta: { notes: string[]; design: string };
  corrected: Record<string, Record<string, Record<string, Record<string, Figure>>>>;
}

/**
 * The demo with its annotated sample (version 1), then an active batch (version 2, unequal π) whose
 * Test 3 arguments get gold: the report must weight the batch by 1/π as decision 019 says, which
 * this test recomputes for RatioAbstain on Test 3 from the exported records alone.
 */
describe('report on a study with an active batch', () => {
  const sandbox = cliSandbox();
  let report: ReportJson;
  let items: StoredItem[];
  const testOf = new Map<string, { model: string; test: number }>();
  const extractorAbstains = new Map<string, number>();
  const goldAbstains = new Map<string, number>();

  beforeAll(async () => {
    expect((await sandbox.run('demo', '--with-annotations')).code).toBe(0);
    const drawn = await sandbox.run('sample', '--next', '100', '--design', 'active', '--seed', '5');
    expect(drawn.code, drawn.stderr).toBe(0);
    items = await storedItems(sandbox.db);
    const argumentsOut = await sandbox.run('export', 'arguments');
    for (const argument of lines<{ id: string; model: string; test: number }>(argumentsOut.stdout))
      testOf.set(argument.id, { model: argument.model, test: argument.test });
    // Gold on the batch's Test 3 arguments: every other one abstains, the rest assert factors.
    const batchTest3 = items.filter((item) => item.version === 2 && testOf.get(item.argumentId)?.test === 3);
    const gold = batchTest3.map((item, k) => ({
      argument_id: item.argumentId,
      adjudicator: 'carol',
      ...buildJudgement(k % 2 === 0 ? { current: [], tsc1: [], tsc2: [] } : {}),
    }));
    const imported = await sandbox.run('import', 'gold', sandbox.file('batch-gold.jsonl', toJsonl(gold)));
    expect(imported.code, imported.stderr).toBe(0);
    for (const record of lines<Sets & { argument_id: string; extractor: string; status: string }>(
      (await sandbox.run('export', 'extractions', '--extractor', 'rules')).stdout,
    ))
      if (record.status === 'extracted') extractorAbstains.set(record.argument_id, abstains(record));
    for (const record of lines<Sets & { argument_id: string }>((await sandbox.run('export', 'gold')).stdout))
      goldAbstains.set(record.argument_id, abstains(record));
    const out = await sandbox.run('report', '--format', 'json', '--seed', '11', '--replicates', '0');
    expect(out.code, out.stderr).toBe(0);
    report = JSON.parse(out.stdout) as ReportJson;
  }, 180_000);

  it('says how the batch is weighted, and no longer that it is not', () => {
    const notes = report.meta.notes.join('\n');
    expect(notes).not.toMatch(/do not yet weight|until the report weights/i);
    expect(notes).toContain('drawn with unequal inclusion probabilities');
    expect(report.meta.design).toContain(
      'the batch estimator of decision 019, version 2 estimating the rest',
    );
    expect(notes).toContain('estimate the rest from version 2, weighting each of its arguments by 1/π');
  });

  it('RatioAbstain on Test 3: earlier draws a known sum, the batch the rest by its Hájek mean with 1/π', () => {
    const versionOf = new Map(items.map((item) => [item.argumentId, item.version]));
    const piOf = new Map(
      items.filter((item) => item.version === 2).map((item) => [item.argumentId, item.inclusionProbability]),
    );
    const models = [...new Set([...testOf.values()].map((entry) => entry.model))].sort();
    let compared = 0;
    let weightedDiffers = 0;
    for (const model of models) {
      const cell = [...testOf]
        .filter(([, entry]) => entry.model === model && entry.test === 3)
        .map(([id]) => id);
      const figure = report.corrected.rules?.[model]?.['3']?.abstain;
      if (!figure) continue;
      const scored = cell.filter((id) => extractorAbstains.has(id));
      const fBar = scored.reduce((sum, id) => sum + (extractorAbstains.get(id) ?? 0), 0) / scored.length;
      const difference = (id: string): number | null => {
        const y = goldAbstains.get(id);
        const f = extractorAbstains.get(id);
        return y === undefined || f === undefined ? null : y - f;
      };
      const earlier = cell.filter((id) => versionOf.get(id) === 1);
      const earlierDifferences = earlier.map(difference).filter((d): d is number => d !== null);
      const last = cell
        .filter((id) => versionOf.get(id) === 2)
        .flatMap((id) => {
          const d = difference(id);
          const pi = piOf.get(id);
          return d === null || pi === undefined ? [] : [{ d, w: 1 / pi }];
        });
      // Only cells where the recomputation is the plain decision-019 formula: every earlier draw has
      // gold (the known sum is exact) and the batch has ≥ 3 differences with some spread.
      const spread = new Set(last.map((unit) => unit.d)).size > 1;
      if (earlierDifferences.length !== earlier.length || last.length < 3 || !spread) continue;
      const N = cell.length;
      const rest = N - earlier.length;
      const known = earlierDifferences.reduce((sum, d) => sum + d, 0);
      const W = last.reduce((sum, unit) => sum + unit.w, 0);
      const hajek = last.reduce((sum, unit) => sum + unit.w * unit.d, 0) / W;
      const value = fBar + (known + rest * hajek) / N;
      const n = last.length;
      const poisson = last.reduce((sum, unit) => sum + unit.w * (unit.w - 1) * (unit.d - hajek) ** 2, 0);
      const variance = (rest ** 2 * (n / (n - 1)) * poisson) / W ** 2 / N ** 2;
      expect(figure.variance).toBeCloseTo(variance, 12);
      expect(figure.degrees_of_freedom).toBe(n - 1);
      // Kept within [0, 1] as every corrected figure is (boundProportion).
      const half = studentTQuantile(0.975, n - 1) * Math.sqrt(variance);
      expect(figure.value).toBeCloseTo(Math.min(1, Math.max(0, value)), 12);
      expect(figure.ci?.lower).toBeCloseTo(Math.max(0, value - half), 10);
      expect(figure.ci?.upper).toBeCloseTo(Math.min(1, value + half), 10);
      // The unweighted (stratified) estimate would pool every drawn difference with equal weight.
      const all = [...earlierDifferences, ...last.map((unit) => unit.d)];
      const unweighted = fBar + all.reduce((sum, d) => sum + d, 0) / all.length;
      if (Math.abs(unweighted - value) > 1e-9) weightedDiffers += 1;
      compared += 1;
    }
    expect(compared).toBeGreaterThan(0);
    expect(weightedDiffers).toBeGreaterThan(0);
  });
});
