import type { FactorId } from '../factors.ts';
import type { Judgement, MentionStyle } from '../schemas/annotation.ts';
import type { Extraction } from '../schemas/extraction.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import { FLAG_CHOICES, factorChoice, LS, UNLISTED_LABEL } from './label-config.ts';
import type { LsResultItem } from './task-format.ts';

/** A highlighted region: where, under which case, which factor, how worded and read. */
interface Region {
  start: number;
  end: number;
  case: CaseId;
  factor: FactorId | 'unlisted';
  style: MentionStyle;
  polarity: string;
  /** An unlisted factor's wording. */
  wording?: string | undefined;
}

/** A region's items: its label under its case, then its style, polarity and unlisted wording. */
function regionItems(text: string, region: Region, id: string): LsResultItem[] {
  const place = { start: region.start, end: region.end, text: text.slice(region.start, region.end) };
  const item = (from_name: string, type: string, value: LsResultItem['value']): LsResultItem => ({
    id,
    from_name,
    to_name: LS.text,
    type,
    value,
  });
  const items = [
    item(LS.span(region.case), 'labels', {
      ...place,
      labels: [region.factor === 'unlisted' ? UNLISTED_LABEL : factorChoice(region.factor)],
    }),
    item(LS.style, 'choices', { ...place, choices: [region.style] }),
    item(LS.polarity, 'choices', { ...place, choices: [region.polarity] }),
  ];
  if (region.wording !== undefined)
    items.push(
      item(LS.unlistedText, 'textarea', { start: region.start, end: region.end, text: [region.wording] }),
    );
  return items;
}

/** A whole-task item (no region): ticks, unlisted lines, flags, comment. */
function taskItem(from_name: string, type: 'choices' | 'textarea', values: string[]): LsResultItem {
  return {
    id: from_name,
    from_name,
    to_name: LS.text,
    type,
    value: type === 'choices' ? { choices: values } : { text: values },
  };
}

/** Per case, its ticks and its unlisted factors; the flags set. */
function caseItems(judgement: Pick<Judgement, 'current' | 'tsc1' | 'tsc2' | 'unlisted'>): LsResultItem[] {
  const items: LsResultItem[] = [];
  for (const caseId of CASES) {
    if (judgement[caseId].length > 0)
      items.push(taskItem(LS.factors(caseId), 'choices', judgement[caseId].map(factorChoice)));
    const unlisted = judgement.unlisted
      .filter((mention) => mention.case === caseId)
      .map((mention) => mention.text);
    if (unlisted.length > 0) items.push(taskItem(LS.unlisted(caseId), 'textarea', unlisted));
  }
  return items;
}

/**
 * A judgement (an annotation or the gold) as the `result` of a Label Studio annotation under
 * `labelConfigXml`: each span a region (`id` "span-<n>", in the judgement's order) of `span_<case>`
 * labelled with its factor's catalogue label or "unlisted", with its `style`, `polarity` and, when it
 * has one, `unlisted_text`; per case the ticked factors as `factors_<case>` choices and the unlisted
 * factors as the entries of `unlisted_<case>`; the flags set as `flags` choices; the comment and the
 * guideline version as text. Empty parts write no item. `judgementFromResults` reads it back to the
 * same judgement (except that unlisted factors come back grouped by case). Pure.
 *
 * @example judgementResults(text, { ...empty, current: ['F4'] }) // [{ id: 'factors_current', from_name: 'factors_current', type: 'choices', value: { choices: ['F4 Agreed-not-to-disclose (P)'] }, … }]
 */
export function judgementResults(text: string, judgement: Judgement): LsResultItem[] {
  const items = judgement.spans.flatMap((span, index) =>
    regionItems(text, { ...span, wording: span.text }, `span-${index + 1}`),
  );
  items.push(...caseItems(judgement));
  const flags = Object.entries(FLAG_CHOICES)
    .filter(([, field]) => judgement[field])
    .map(([choice]) => choice);
  if (flags.length > 0) items.push(taskItem(LS.flags, 'choices', flags));
  if (judgement.comment !== undefined) items.push(taskItem(LS.comment, 'textarea', [judgement.comment]));
  if (judgement.guideline_version !== undefined)
    items.push(taskItem(LS.guidelineVersion, 'textarea', [judgement.guideline_version]));
  return items;
}

/** An extractor's evidence span, as the extractions format's `mentions` gives it. */
export interface EvidenceMention {
  start: number;
  end: number;
  case: CaseId | null;
  factor: FactorId | 'unlisted';
  style: MentionStyle;
  polarity: string;
}

/**
 * An extractor's output as the `result` of a Label Studio prediction: its evidence `mentions` as
 * regions (`id` "mention-<n>"; a mention the extractor could not place in a case has no `span_<case>`
 * to go under and is left out; polarity may be `hypothetical`), its factors per case as ticks, its
 * unlisted factors, and `abstained` as a flag. A failed extraction has no prediction (the caller
 * leaves it out). Pure.
 *
 * @example predictionResults(text, { ...extraction, current: ['F4'] })[0].from_name // 'factors_current'
 */
export function predictionResults(
  text: string,
  extraction: Extraction & { mentions?: readonly EvidenceMention[] | undefined },
): LsResultItem[] {
  const items: LsResultItem[] = [];
  (extraction.mentions ?? []).forEach((mention, index) => {
    if (mention.case === null) return;
    items.push(...regionItems(text, { ...mention, case: mention.case }, `mention-${index + 1}`));
  });
  items.push(...caseItems(extraction));
  if (extraction.abstained) items.push(taskItem(LS.flags, 'choices', ['abstained']));
  return items;
}
