import { describe, expect, it } from 'vitest';
import { smallReportView } from '../report-document/test-report.ts';
import { rankingTitle, rankSlopeChart } from './rank-slope-chart.ts';

describe('rankSlopeChart', () => {
  it('places each model under each source, and marks the models a source ties', () => {
    const chart = rankSlopeChart(smallReportView());
    if (chart?.data.type !== 'slope') throw new Error('the small study has rankings');
    expect(chart.data.sources).toEqual(['gold', 'x']);
    expect(chart.data.panels.map((panel) => panel.key)).toEqual(['acch_test1', 'recu_test1']);
    // Under the gold, m1 and m2 both have AccH 1 on Test 1: a tie, ordered by name.
    expect(chart.data.ties.filter((tie) => tie.panel === 'acch_test1')).toEqual([
      { panel: 'acch_test1', source: 'gold', from: 1, to: 2 },
    ]);
    expect(chart.data.points.filter((point) => point.panel === 'acch_test1' && point.source === 'x')).toEqual(
      [
        { panel: 'acch_test1', source: 'x', model: 'm1', position: 1, value: 1 },
        { panel: 'acch_test1', source: 'x', model: 'm2', position: 2, value: 0.9166666666666667 },
      ],
    );
    expect(chart.table.rows[1]).toEqual(['AccH, Test 1', 'm2', '2 (1.000)', '2 (0.917)']);
  });

  it('is null without rankings', () => {
    const view = smallReportView();
    view.rankings = {};
    expect(rankSlopeChart(view)).toBeNull();
  });

  it('names rankings in words', () => {
    expect(rankingTitle('abstain_test3')).toBe('RatioAbstain, Test 3');
    expect(rankingTitle('acch_test1')).toBe('AccH, Test 1');
  });
});
