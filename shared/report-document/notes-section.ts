import type { ReportView } from '../report-view.ts';
import {
  ADJUSTMENTS,
  type AdjustedCell,
  adjustedCells,
  adjustmentOfNote,
} from '../scoring/adjustment-notes.ts';
import { type Block, testLabel } from './blocks.ts';

const METRIC_LABEL: Readonly<Record<string, string>> = {
  acch: 'AccH',
  recu: 'RecU',
  abstain: 'RatioAbstain',
};

/** "Test 1: AccH, RecU · Test 3: RatioAbstain" — one model's cells, by test. */
function cellsByTest(cells: readonly AdjustedCell[]): string {
  const byTest = new Map<string, string[]>();
  for (const cell of cells)
    byTest.set(cell.test, [...(byTest.get(cell.test) ?? []), METRIC_LABEL[cell.metric] ?? cell.metric]);
  return [...byTest].map(([test, metrics]) => `${testLabel(test)}: ${metrics.join(', ')}`).join(' · ');
}

/**
 * One collapsed entry per kind of adjustment: the kind in a line with how many cells and models it
 * touches, and a table of them per extractor and model (from the corrected figures' own flags).
 */
function adjustmentBlocks(report: ReportView): Block[] {
  return ADJUSTMENTS.flatMap(({ kind, lead }) => {
    const cells = adjustedCells(report.corrected, kind);
    if (cells.length === 0) return [];
    const groups = new Map<string, AdjustedCell[]>();
    for (const cell of cells) {
      const key = JSON.stringify([cell.extractor, cell.model]);
      groups.set(key, [...(groups.get(key) ?? []), cell]);
    }
    const rows = [...groups.values()].map((group) => {
      const [first] = group;
      return [first?.extractor ?? '', first?.model ?? '', cellsByTest(group)];
    });
    return [
      {
        kind: 'details',
        summary: `${lead} — ${cells.length} corrected figure${cells.length === 1 ? '' : 's'} of ${groups.size} model${groups.size === 1 ? '' : 's'}.`,
        blocks: [{ kind: 'table', header: ['extractor', 'model', 'figures'], rows }],
      },
    ];
  });
}

/**
 * `meta.notes` grouped: every other note once, in its order; the notes on adjusted corrected
 * estimates (pooled or floored variances, clipped estimates) one collapsed line per kind with the
 * cells it applies to — never one run-on list. Nothing when the report has no note.
 */
export function notesSection(report: ReportView): Block[] {
  const plain = [...new Set(report.meta.notes.filter((note) => adjustmentOfNote(note) === undefined))];
  const adjustments = adjustmentBlocks(report);
  if (plain.length === 0 && adjustments.length === 0) return [];
  return [
    { kind: 'heading', level: 3, text: 'Notes' },
    ...(plain.length === 0 ? [] : [{ kind: 'list' as const, items: plain }]),
    ...adjustments,
  ];
}
