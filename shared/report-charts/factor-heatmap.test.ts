import { describe, expect, it } from 'vitest';
import { FACTORS } from '../factors.ts';
import { smallReportView } from '../report-document/test-report.ts';
import { factorHeatmap } from './factor-heatmap.ts';

describe('factorHeatmap', () => {
  it('has a row for each of the 26 factors, the extractor’s P, R and F1, and n/a where there is no unit', () => {
    const view = smallReportView();
    const chart = factorHeatmap(view);
    if (chart?.data.type !== 'heatmap') throw new Error('the small study has an extractor');
    expect(chart.data.factors).toHaveLength(FACTORS.length);
    expect(chart.data.groups).toEqual([
      { name: 'x against the gold', metrics: ['precision', 'recall', 'F1'] },
    ]);
    const f1 = chart.data.cells.find(
      (cell) => cell.factor === 'F1 Disclosure-in-negotiations' && cell.metric === 'recall',
    );
    expect(f1?.value).toBe(view.extractor_vs_gold.x?.by_factor.F1?.recall.value);
    const f27 = chart.data.cells.filter((cell) => cell.factor.startsWith('F27 '));
    expect(f27.map((cell) => cell.value)).toEqual([null, null, null]);
    expect(chart.table.rows).toHaveLength(FACTORS.length);
    expect(chart.table.rows.at(-1)?.slice(1)).toEqual(['n/a', 'n/a', 'n/a']);
  });

  it('adds the annotators’ agreement per factor when arguments were doubly annotated', () => {
    const view = smallReportView();
    view.agreement.items = 3;
    view.agreement.per_factor = {
      F4: {
        table: { both: 2, first_only: 1, second_only: 0, neither: 6 },
        decisions: 9,
        cohen_kappa: { value: 0.7, ci: null, method: 'cluster-bootstrap' },
        krippendorff_alpha: { value: 0.7, ci: null, method: 'cluster-bootstrap' },
        gwet_ac1: { value: 0.8, ci: null, method: 'cluster-bootstrap' },
        pabak: { value: 0.78, ci: null, method: 'cluster-bootstrap' },
        percent_agreement: { value: 0.89, ci: null, method: 'cluster-bootstrap' },
        positive_agreement: { value: 0.8, ci: null, method: 'cluster-bootstrap' },
        negative_agreement: { value: 0.92, ci: null, method: 'cluster-bootstrap' },
      },
    };
    const chart = factorHeatmap(view);
    if (chart?.data.type !== 'heatmap') throw new Error('a chart');
    expect(chart.data.groups.map((group) => group.name)).toEqual([
      'x against the gold',
      'annotators with each other',
    ]);
    const kappa = chart.data.cells.find((cell) => cell.factor.startsWith('F4 ') && cell.metric === 'κ');
    expect(kappa?.value).toBe(0.7);
    expect(chart.table.header.slice(-3)).toEqual(["Cohen's κ", "Gwet's AC1", 'positive agreement']);
  });

  it('is null without an extractor and without doubly annotated arguments', () => {
    const view = smallReportView();
    view.meta.primary_extractor = null;
    expect(factorHeatmap(view)).toBeNull();
  });
});
