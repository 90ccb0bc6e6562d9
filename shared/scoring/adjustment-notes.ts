/**
 * The three ways a corrected estimate can have been adjusted (docs/REPORT.md, section 4 and
 * "Statistics that never overclaim"), each with the sentence `meta.notes` opens with. One module
 * writes the notes and lets a renderer find them again, so the rendered report can group a kind's
 * cells (`adjustedCells`) instead of printing one run-on line.
 */
export const ADJUSTMENTS = [
  {
    kind: 'variance_pooled',
    lead: "Variance pooled across the model's tests (a stratum had fewer than 3 sampled arguments)",
  },
  {
    kind: 'variance_floored',
    lead: 'No difference between gold and extractor was seen in the sample, so the variance was raised to the zero-disagreement floor (rule of three; docs/REPORT.md)',
  },
  { kind: 'clipped', lead: 'Estimate or interval clipped to [0, 1] (these are proportions)' },
] as const;

export type AdjustmentKind = (typeof ADJUSTMENTS)[number]['kind'];

/** What the adjustment flags of a corrected figure look like to this module. */
type Flags = Readonly<Record<AdjustmentKind, boolean>>;

/** Corrected figures per extractor, model, test key and metric (`report.corrected`). */
export type CorrectedFlags = Readonly<
  Record<
    string,
    Readonly<Record<string, Readonly<Record<string, Readonly<Record<string, Flags | undefined>>>>>>
  >
>;

/** One corrected cell: extractor, model, test key ("1", "2", "3", "1_2") and metric. */
export interface AdjustedCell {
  extractor: string;
  model: string;
  test: string;
  metric: string;
}

/** Every corrected cell with the adjustment `kind`, in the report's order (extractor, model, test, metric). */
export function adjustedCells(corrected: CorrectedFlags, kind: AdjustmentKind): AdjustedCell[] {
  return Object.entries(corrected).flatMap(([extractor, byModel]) =>
    Object.entries(byModel).flatMap(([model, tests]) =>
      Object.entries(tests).flatMap(([test, figures]) =>
        Object.entries(figures)
          .filter(([, figure]) => figure?.[kind] === true)
          .map(([metric]) => ({ extractor, model, test, metric })),
      ),
    ),
  );
}

/** "test 1", or "tests 1–2" for the Tests 1–2 key. */
function testWords(test: string): string {
  return test === '1_2' ? 'tests 1–2' : `test ${test}`;
}

/**
 * The notes on adjusted corrected estimates: one per kind that occurs, its cells grouped by
 * extractor and model — "<lead>: rules demo-codes (test 3 acch, test 3 recu); rules demo-inventor (…)."
 */
export function adjustmentNotes(corrected: CorrectedFlags): string[] {
  return ADJUSTMENTS.flatMap(({ kind, lead }) => {
    // Keyed by the pair itself, so that names with spaces cannot run together.
    const groups = new Map<string, { label: string; cells: string[] }>();
    for (const cell of adjustedCells(corrected, kind)) {
      const key = JSON.stringify([cell.extractor, cell.model]);
      const group = groups.get(key) ?? { label: `${cell.extractor} ${cell.model}`, cells: [] };
      group.cells.push(`${testWords(cell.test)} ${cell.metric}`);
      groups.set(key, group);
    }
    if (groups.size === 0) return [];
    const cells = [...groups.values()].map(({ label, cells }) => `${label} (${cells.join(', ')})`).join('; ');
    return [`${lead}: ${cells}.`];
  });
}

/** The adjustment a note of `adjustmentNotes` is about, or `undefined` for every other note. */
export function adjustmentOfNote(note: string): AdjustmentKind | undefined {
  return ADJUSTMENTS.find(({ lead }) => note.startsWith(`${lead}: `))?.kind;
}
