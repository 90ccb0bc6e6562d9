import { describe, expect, it } from 'vitest';
import type { ReportView } from '../report-view.ts';
import type { Block } from './blocks.ts';
import { smallReportView } from './test-report.ts';
import { verdictSection } from './verdict-section.ts';

function tables(blocks: readonly Block[]) {
  return blocks.flatMap((block) => (block.kind === 'table' ? [block] : []));
}

describe('verdictSection', () => {
  it('answers both questions first in words, then in compact tables with the status of every cell', () => {
    const view: ReportView = smallReportView(50);
    const blocks = verdictSection(view);
    expect(blocks[0]).toEqual({ kind: 'heading', level: 2, text: 'Verdict' });
    expect(blocks[1]).toEqual({ kind: 'paragraph', text: view.verdict.ranking });
    const [ranking, acch] = tables(blocks);
    expect(ranking?.header[0]).toBe('ranking');
    expect(ranking?.rows.map((row) => row[0])).toEqual(['AccH, Test 1', 'RecU, Test 1']);
    // m1 and m2 on Test 1 rest on 2 gold arguments each: too few to judge, with the planner's number.
    expect(acch?.header).toEqual([
      'model',
      'test',
      'AccH > 0.9?',
      'corrected AccH (x)',
      'gold arguments',
      'needed to judge',
    ]);
    expect(acch?.rows[0]).toEqual([
      'm1',
      'Test 1',
      { text: 'too few to judge', tone: 'too_few' },
      '1.000 [1.000, 1.000]',
      '2',
      '10',
    ]);
  });

  it('marks the ranking statuses in words, and pooled variances with a dagger explained below', () => {
    const view = smallReportView();
    const claim = view.claims.ranking.by_ranking.acch_test1;
    if (!claim) throw new Error('the small study ranks AccH on Test 1');
    claim.status = 'holds';
    claim.tau_b = { value: 0.8, ci: { lower: 0.7, upper: 0.9 }, method: 'cluster-bootstrap', models: 2 };
    const m1 = view.claims.acch_above.by_model.m1?.['1'];
    if (!m1) throw new Error('m1 has a claim on Test 1');
    Object.assign(m1, {
      status: 'holds',
      value: 0.95,
      ci: { lower: 0.92, upper: 0.98 },
      variance_pooled: true,
    });
    const blocks = verdictSection(view);
    const [ranking, acch] = tables(blocks);
    expect(ranking?.rows[0]?.slice(1, 4)).toEqual([
      '2',
      '0.800 [0.700, 0.900]',
      { text: 'survives', tone: 'holds' },
    ]);
    expect(acch?.rows[0]?.slice(2, 4)).toEqual([{ text: 'holds', tone: 'holds' }, '0.950 [0.920, 0.980] †']);
    expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: view.verdict.alt_test });
    expect(blocks.at(-2)).toEqual({
      kind: 'paragraph',
      text: "† The variance was pooled across the model's tests: a stratum had fewer than 3 sampled arguments.",
    });
  });

  it('has no claim table when nothing can be checked', () => {
    const view = smallReportView();
    view.claims.acch_above.by_model = {};
    view.claims.ranking.by_ranking = {};
    expect(tables(verdictSection(view))).toEqual([]);
  });
});
