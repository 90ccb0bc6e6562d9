import type { ClassifiedDecision, ErrorClass } from '../adjudication-api.ts';
import { classifyExtraction, countErrorClasses } from './error-classes.ts';
import { GOLD_STYLES, type GoldStyle } from './mention-evidence.ts';
import type { ErrorClassInput } from './report-input.ts';
import { type StudyIndex, usableExtraction } from './study-index.ts';

/** The error analysis of one extractor against the gold (report key `error_classes.<extractor>`). */
export interface ErrorClassSummary {
  /** Gold arguments with a usable extraction (the `items` of `extractor_vs_gold`). */
  items: number;
  /** Classified (case, factor) units per class, every class present. */
  counts: Record<ErrorClass, number>;
  /**
   * The `missed` units by the gold mention's style. `unspanned` is the class's `unmarked` (ticked
   * without a span), named as `extractor_vs_gold.by_style` names it, so that each count equals the
   * `fn` of the same style there.
   */
  missed_by_style: Record<GoldStyle, number>;
}

/**
 * Per extractor, its classified units over the gold arguments it has usable output for
 * (`classifyExtraction`: correct, missed by gold style, negated mention as present, right factor in
 * the wrong case, invented, extra), summed. A stored classification (`stored`, keyed by argument id
 * and the extractor's own name) is used when there is one; otherwise the unit is classified here by
 * the same function, so the summary is the same either way.
 *
 * Consistency with section 1, by construction: correct = tp, missed = fn (missed_by_style = by_style
 * fn), negated_as_present = `negated_as_present`, and wrong_case + invented + extra +
 * negated_as_present = fp.
 *
 * Preconditions: an index from `indexStudy`. Pure. Degenerate input: no gold → every extractor with 0
 * items and zero counts.
 */
export function errorClassSummary(
  index: StudyIndex,
  stored: readonly ErrorClassInput[] = [],
): Record<string, ErrorClassSummary> {
  const storedByKey = new Map(
    stored.map((entry) => [`${entry.argumentId}\u0000${entry.extractor}`, entry.decisions]),
  );
  const summary: Record<string, ErrorClassSummary> = {};
  for (const extractor of index.extractors) {
    const decisions: ClassifiedDecision[] = [];
    let items = 0;
    index.gold.forEach((gold, i) => {
      const record = usableExtraction(index, extractor, i);
      if (!gold || !record) return;
      items += 1;
      decisions.push(
        ...(storedByKey.get(`${index.ids[i]}\u0000${record.extractor}`) ?? classifyExtraction(gold, record)),
      );
    });
    const missedByStyle = Object.fromEntries(GOLD_STYLES.map((style) => [style, 0])) as Record<
      GoldStyle,
      number
    >;
    for (const decision of decisions)
      if (decision.class === 'missed') {
        const style =
          decision.goldStyle === 'unmarked' || decision.goldStyle === null ? 'unspanned' : decision.goldStyle;
        missedByStyle[style] += 1;
      }
    summary[extractor] = { items, counts: countErrorClasses(decisions), missed_by_style: missedByStyle };
  }
  return summary;
}
