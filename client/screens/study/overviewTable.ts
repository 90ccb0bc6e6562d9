import type { StudyOverview } from '../../../shared/api.ts';
import { MODES, type Mode } from '../../../shared/vocabulary.ts';

export interface Counts {
  readonly arguments: number;
  readonly extractions: number;
}

export interface ModelRow {
  readonly model: string;
  /** One cell per test of `overview.tests`, in that order; a test the model lacks counts 0. */
  readonly cells: readonly Counts[];
  readonly total: Counts;
}

const TEST_NAMES: Readonly<Record<number, string>> = {
  1: 'arguable',
  2: 'reordered',
  3: 'non-arguable',
};

/** `Test 1 · arguable`; an unknown test number is just `Test n`. */
export function testLabel(test: number): string {
  const name = TEST_NAMES[test];
  return name === undefined ? `Test ${test}` : `Test ${test} · ${name}`;
}

const MODE_NAMES: Readonly<Record<Mode, string>> = {
  arguable: 'arguable',
  reordered: 'reordered',
  non_arguable: 'non-arguable',
};

export function modeLabel(mode: Mode): string {
  return MODE_NAMES[mode];
}

/** The triples per mode in the study's fixed order (arguable, reordered, non-arguable). */
export function modeRows(overview: StudyOverview): { mode: Mode; triples: number }[] {
  return MODES.map((mode) => ({ mode, triples: overview.triplesByMode[mode] }));
}

function sum(counts: readonly Counts[]): Counts {
  return counts.reduce<Counts>(
    (total, cell) => ({
      arguments: total.arguments + cell.arguments,
      extractions: total.extractions + cell.extractions,
    }),
    { arguments: 0, extractions: 0 },
  );
}

/** The models × tests table, rows in the server's order, with a total per row. */
export function modelRows(overview: StudyOverview): ModelRow[] {
  return overview.models.map(({ model, byTest }) => {
    const cells = overview.tests.map((test) => {
      const found = byTest.find((entry) => entry.test === test);
      return { arguments: found?.arguments ?? 0, extractions: found?.extractions ?? 0 };
    });
    return { model, cells, total: sum(cells) };
  });
}

/** The column totals of `rows`: one per test, then the grand total. */
export function columnTotals(
  rows: readonly ModelRow[],
  testCount: number,
): { cells: Counts[]; total: Counts } {
  const cells = Array.from({ length: testCount }, (_, index) =>
    sum(rows.map((row) => row.cells[index] ?? { arguments: 0, extractions: 0 })),
  );
  return { cells, total: sum(rows.map((row) => row.total)) };
}

const countFormat = new Intl.NumberFormat('en-US');

/** `12,345` */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
