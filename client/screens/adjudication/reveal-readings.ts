import type { ClassifiedDecision } from '../../../shared/adjudication-api.ts';
import type { ExtractionMention } from '../../../shared/schemas/extraction-mention.ts';
import { CASE_NAME } from '../../../shared/vocabulary.ts';

/** One way the extractor read a factor, and every place it read it so. */
export interface Reading {
  /** "paraphrase, asserted, Input case". */
  readonly label: string;
  readonly places: readonly { readonly start: number; readonly end: number }[];
}

/**
 * The extractor's evidence for one classified (case, factor): its mentions of the factor read as
 * being about that case or about no case, folded by reading (style, polarity, case) so that two
 * places read alike are one line with two places, in text order.
 *
 * @example readingsFor(mentions, { case: 'current', factor: 'F4', … })
 * // [{ label: 'paraphrase, asserted, Input case', places: [{ start: 10, end: 30 }, { start: 80, end: 95 }] }]
 */
export function readingsFor(
  mentions: readonly ExtractionMention[],
  decision: Pick<ClassifiedDecision, 'case' | 'factor'>,
): Reading[] {
  const byLabel = new Map<string, { start: number; end: number }[]>();
  const about = mentions
    .filter(
      (mention) =>
        mention.factor === decision.factor && (mention.case === decision.case || mention.case === null),
    )
    .sort((x, y) => x.start - y.start || x.end - y.end);
  for (const mention of about) {
    // The named rules that produced the reading (the rules extractor records them; the last decided).
    const rules = mention.rules ? `; rules ${mention.rules.join(' → ')}` : '';
    const label = `${mention.style}, ${mention.polarity}, ${mention.case === null ? 'no case' : CASE_NAME[mention.case]}${rules}`;
    const places = byLabel.get(label) ?? [];
    if (!places.some((place) => place.start === mention.start && place.end === mention.end))
      places.push({ start: mention.start, end: mention.end });
    byLabel.set(label, places);
  }
  return [...byLabel].map(([label, places]) => ({ label, places }));
}
