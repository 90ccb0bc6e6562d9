import { describe, expect, it } from 'vitest';
import type { ReportView } from '../report-view.ts';
import { notesSection } from './notes-section.ts';
import { smallReportView } from './test-report.ts';

const flags = (pooled: boolean, floored: boolean, clipped: boolean) => ({
  value: 0.9,
  ci: { lower: 0.8, upper: 1 },
  method: 'normal' as const,
  extractor_only: 0.9,
  sampled: 2,
  population: 30,
  variance_pooled: pooled,
  variance_floored: floored,
  clipped,
});

/** A report whose corrected figures of two models are pooled, one also floored and clipped. */
function adjusted(): ReportView {
  const view = smallReportView();
  view.corrected = {
    x: {
      m1: { '1': { acch: flags(true, true, true), recu: flags(true, false, false) } },
      m2: { '1': { acch: flags(true, false, false) }, '1_2': { acch: flags(false, false, false) } },
    },
  };
  return view;
}

describe('notesSection', () => {
  it('prints every other note once, in its order', () => {
    const view = smallReportView();
    view.meta.notes = ['A first note.', 'A second note.', 'A first note.'];
    expect(notesSection(view)).toEqual([
      { kind: 'heading', level: 3, text: 'Notes' },
      { kind: 'list', items: ['A first note.', 'A second note.'] },
    ]);
  });

  it('collapses each kind of adjustment into one line, with its cells per extractor and model', () => {
    const blocks = notesSection(adjusted());
    const details = blocks.filter((block) => block.kind === 'details');
    expect(details.map((block) => block.summary)).toEqual([
      "Variance pooled across the model's tests (a stratum had fewer than 3 sampled arguments) — 3 corrected figures of 2 models.",
      'No difference between gold and extractor was seen in the sample, so the variance was raised to the zero-disagreement floor (rule of three; docs/REPORT.md) — 1 corrected figure of 1 model.',
      'Estimate or interval clipped to [0, 1] (these are proportions) — 1 corrected figure of 1 model.',
    ]);
    expect(details[0]?.blocks).toEqual([
      {
        kind: 'table',
        header: ['extractor', 'model', 'figures'],
        rows: [
          ['x', 'm1', 'Test 1: AccH, RecU'],
          ['x', 'm2', 'Test 1: AccH'],
        ],
      },
    ]);
  });

  it('leaves the run-on adjustment notes of meta.notes out, since their cells are listed', () => {
    const view = adjusted();
    view.meta.notes = [
      "Variance pooled across the model's tests (a stratum had fewer than 3 sampled arguments): x m1 (test 1 acch, test 1 recu); x m2 (test 1 acch).",
      'Another note.',
    ];
    const list = notesSection(view).find((block) => block.kind === 'list');
    expect(list).toEqual({ kind: 'list', items: ['Another note.'] });
  });

  it('is empty without notes', () => {
    const view = smallReportView();
    view.meta.notes = [];
    expect(notesSection(view)).toEqual([]);
  });
});
