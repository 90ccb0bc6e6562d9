import { z } from 'zod';
import type { Judgement } from '../schemas/annotation.ts';
import { type BinaryTable, emptyTable, tableAgreement } from '../scoring/agreement-table.ts';
import { assertedSets, bitCount, FACTOR_COUNT } from '../scoring/factor-sets.ts';

/**
 * The fewest calibration items an annotator must share with another before the progress screen
 * states their agreement: below it, "too few" (docs/decisions/017-calibration-agreement.md).
 */
export const MIN_CALIBRATION_ITEMS = 5;

/** One submitted annotation of a calibration item. */
export interface CalibrationAnnotation {
  readonly annotator: string;
  /** The item (argument) it annotates: annotations of the same item are compared. */
  readonly item: number;
  readonly judgement: Judgement;
}

/** An annotator's agreement with the others on the calibration items so far (the progress API's shape). */
export const calibrationAgreementSchema = z.object({
  /** Calibration items this annotator and at least one other have both submitted. */
  items: z.number().int().nonnegative(),
  /** `too_few`: fewer than MIN_CALIBRATION_ITEMS items; `none_ticked`: no factor ticked by either side; else `stated`. */
  status: z.enum(['too_few', 'none_ticked', 'stated']),
  /** Positive specific agreement over those items' decisions, in [0, 1], only when `stated`. */
  positiveAgreement: z.number().min(0).max(1).nullable(),
  /** The pooled 2 × 2 table of the decisions (this annotator first), for the record. */
  table: z.object({
    both: z.number(),
    firstOnly: z.number(),
    secondOnly: z.number(),
    neither: z.number(),
  }),
});
export type CalibrationAgreement = z.infer<typeof calibrationAgreementSchema>;

/** Adds the 78 decisions (26 factors × 3 cases) of two judgements of one item to `table` (first, second). */
function addDecisions(table: BinaryTable, first: Judgement, second: Judgement): void {
  const a = assertedSets(first).masks;
  const b = assertedSets(second).masks;
  for (let c = 0; c < 3; c++) {
    const x = a[c] ?? 0;
    const y = b[c] ?? 0;
    const both = bitCount(x & y);
    const firstOnly = bitCount(x & ~y);
    const secondOnly = bitCount(~x & y);
    table.both += both;
    table.firstOnly += firstOnly;
    table.secondOnly += secondOnly;
    table.neither += FACTOR_COUNT - both - firstOnly - secondOnly;
  }
}

/**
 * Per annotator, agreement with the other annotators so far on the calibration items (the items
 * every annotator gets, first in their queue): over every calibration item the annotator submitted
 * and another annotator submitted too, the 78 decisions "factor f present in case c" of the two are
 * pooled into one 2 × 2 table (a both present, b this annotator only, c the other only, d neither;
 * with several others, one table per pair, summed), and the figure is positive specific agreement
 *
 *   p_pos = 2a / (2a + b + c)   (Fleiss 1975; Cicchetti & Feinstein 1990)
 *
 * — of the factors either ticked, the share both ticked. Nearly all 78 decisions of an item are
 * "absent", so raw agreement stays near 1 whatever happens and κ swings with prevalence on a handful
 * of items (the kappa paradox); p_pos answers what a study lead watches in calibration: do they
 * tick the same factors. (The report's section 2 gives κ, α, AC1 and PABAK with intervals.)
 *
 * No claim from too few items: below MIN_CALIBRATION_ITEMS shared items the status is `too_few` and
 * no figure is given; with no factor ticked by either side p_pos is undefined (`none_ticked`).
 * Annotators are listed by name; an annotator with no shared item has `items: 0`. Pure.
 *
 * @example
 * // alice and bob on five calibration items, each: 16 factors both ticked, 2 alice only, 1 bob only
 * calibrationAgreement(annotations).get('alice') // { items: 5, status: 'stated', positiveAgreement: 160/175, … }
 */
export function calibrationAgreement(
  annotations: readonly CalibrationAnnotation[],
): Map<string, CalibrationAgreement> {
  const byItem = new Map<number, CalibrationAnnotation[]>();
  for (const annotation of annotations)
    byItem.set(annotation.item, [...(byItem.get(annotation.item) ?? []), annotation]);
  const names = [...new Set(annotations.map((annotation) => annotation.annotator))].sort();
  const result = new Map<string, CalibrationAgreement>();
  for (const name of names) {
    const table = emptyTable();
    let items = 0;
    for (const together of byItem.values()) {
      const own = together.find((annotation) => annotation.annotator === name);
      const others = together.filter((annotation) => annotation.annotator !== name);
      if (!own || others.length === 0) continue;
      items++;
      for (const other of others) addDecisions(table, own.judgement, other.judgement);
    }
    const positive = tableAgreement(table).positiveAgreement;
    const status = items < MIN_CALIBRATION_ITEMS ? 'too_few' : positive === null ? 'none_ticked' : 'stated';
    result.set(name, { items, status, positiveAgreement: status === 'stated' ? positive : null, table });
  }
  return result;
}
