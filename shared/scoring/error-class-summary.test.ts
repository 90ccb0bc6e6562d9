import { describe, expect, it } from 'vitest';
import { errorClassSummary } from './error-class-summary.ts';
import { extractorVsGold } from './extractor-vs-gold.ts';
import { indexStudy } from './study-index.ts';
import { extraction, smallStudy } from './test-fixtures.ts';

describe('errorClassSummary', () => {
  // smallStudy: x is perfect on a1 (6 units); misses TSC2 F4 on a2 (no span: unspanned); asserts TSC1
  // F3 on a3, whose gold has F3 in no case (extra); adds current F5 on a4, in no case of the gold (extra).
  it('classifies every gold argument of the small study by hand', () => {
    expect(errorClassSummary(indexStudy(smallStudy()))).toEqual({
      x: {
        items: 4,
        counts: { correct: 22, missed: 1, negated_as_present: 0, wrong_case: 0, invented: 0, extra: 2 },
        missed_by_style: { code: 0, name: 0, paraphrase: 0, unspanned: 1 },
      },
    });
  });

  it('uses a stored classification where one is given', () => {
    const summary = errorClassSummary(indexStudy(smallStudy()), [
      { argumentId: 'a1', extractor: 'x', decisions: [] },
    ]);
    expect(summary.x?.counts.correct).toBe(16);
  });

  it('leaves out gold arguments whose extraction failed', () => {
    const input = smallStudy();
    const failed = extraction({ argument_id: 'a2', status: 'failed', error: 'HTTP 500' });
    const summary = errorClassSummary(
      indexStudy({
        ...input,
        extractions: input.extractions.map((e) => (e.argument_id === 'a2' ? failed : e)),
      }),
    );
    expect(summary.x).toMatchObject({ items: 3, counts: { correct: 17, missed: 0, extra: 2 } });
  });

  it('agrees with section 1: correct = tp, missed = fn, the other classes = fp', () => {
    const index = indexStudy(smallStudy());
    const section = extractorVsGold(index, { seed: 1, replicates: 0, level: 0.95, stratified: false }).x;
    const { counts } = errorClassSummary(index).x ?? { counts: undefined };
    expect(counts?.correct).toBe(section?.micro.tp);
    expect(counts?.missed).toBe(section?.micro.fn);
    expect(
      (counts?.negated_as_present ?? 0) +
        (counts?.wrong_case ?? 0) +
        (counts?.invented ?? 0) +
        (counts?.extra ?? 0),
    ).toBe(section?.micro.fp);
  });

  it('gives every extractor zero items without gold', () => {
    const input = smallStudy();
    expect(errorClassSummary(indexStudy({ ...input, gold: [] })).x).toMatchObject({ items: 0 });
  });
});
