import type { FactorId } from '../factors.ts';
import { suggestMentionStyle } from '../mention-style.ts';
import type { Judgement, MentionStyle, Span } from '../schemas/annotation.ts';
import type { UnlistedMention } from '../schemas/factor-list.ts';
import { CASES, type CaseId } from '../vocabulary.ts';
import {
  controlType,
  FLAG_CHOICES,
  type FlagChoice,
  factorOfChoice,
  LS,
  STYLE_CHOICES,
  UNLISTED_LABEL,
} from './label-config.ts';
import type { LsResultItem } from './task-format.ts';

/** A judgement read from a Label Studio result, before the schema checks it, or what is wrong with it. */
export type ReadResult = { judgement: Judgement; problems: [] } | { judgement: null; problems: string[] };

const asList = (text: string | string[] | undefined): string[] =>
  text === undefined ? [] : typeof text === 'string' ? [text] : text;

interface PendingRegion {
  id: string;
  start: number;
  end: number;
  case: CaseId;
  factor: FactorId | 'unlisted';
  style?: string;
  polarity?: string;
  wording?: string;
}

/** At most this much of a text is quoted in a message. */
const QUOTED = 60;
const quote = (text: string) => JSON.stringify(text.length > QUOTED ? `${text.slice(0, QUOTED)}…` : text);

/**
 * What makes a result item one the configuration could not have made, else undefined: a control it
 * does not have, a result of another type than its control's (a `rectanglelabels` region), another
 * object than the text, or a region whose `value.text` is not the argument's text at its offsets
 * (its offsets would then mark other words). A per-region text area's `value.text` is the wording
 * typed in it, not the region's text, and is not compared.
 */
function itemProblem(text: string, item: LsResultItem): string | undefined {
  const expected = controlType(item.from_name);
  if (expected === undefined)
    return `no control of factor-audit's labelling configuration is called "${item.from_name}"`;
  if (item.type !== expected)
    return `a "${item.type}" result, but the labelling configuration's ${item.from_name} gives "${expected}" results; export the project made with factor-audit's configuration (export label-studio --config)`;
  if (item.to_name !== undefined && item.to_name !== LS.text)
    return `it labels "${item.to_name}", but the configuration labels only "${LS.text}"`;
  const { start, end, text: regionText } = item.value;
  if (expected !== 'textarea' && start !== undefined && end !== undefined && typeof regionText === 'string') {
    const actual = text.slice(start, end);
    if (end > text.length || actual !== regionText)
      return `its text ${quote(regionText)} is not the argument's text at ${start}–${end} (${quote(actual)}); its offsets would mark other words`;
  }
  return undefined;
}

/**
 * The judgement a Label Studio annotation made under `labelConfigXml` records — the inverse of
 * `judgementResults`:
 *
 * - each region labelled under `span_<case>` is a span, in the order of the result; its factor is the
 *   label (every spelling `normaliseFactorReference` reads, or "unlisted"); its `style` and `polarity`
 *   come from the region's per-region choices — a region without a style gets the one
 *   `suggestMentionStyle` reads in its text, without a polarity `asserted` (Label Studio lets a
 *   labeller skip them); `unlisted_text` is the wording of an unlisted factor;
 * - a case's ticks are its `factors_<case>` choices plus every factor of an asserted span under it
 *   (the guideline's rule: a highlighted assertion is a tick), in catalogue order (the schema sorts);
 * - the entries of `unlisted_<case>` are that case's unlisted factors, current before TSC1 before TSC2;
 * - the `flags` choices set abstained, exact_phrase and truncated; `comment` and `guideline_version`
 *   are their texts (several entries joined by line breaks).
 *
 * Problems, all of them, instead of a judgement: a control the configuration does not have, a result of
 * another type than its control's, a region whose `value.text` is not the text at its offsets
 * (`itemProblem`), a label or choice it does not offer, a region with no or several labels, per-region choices with no region.
 * Whether spans lie inside the text is checked later, by the import's rules. Pure.
 *
 * @example judgementFromResults(text, judgementResults(text, judgement)).judgement // judgement, unlisted grouped by case
 */
export function judgementFromResults(text: string, result: readonly LsResultItem[]): ReadResult {
  const problems: string[] = [];
  const regions = new Map<string, PendingRegion>();
  const perRegion: LsResultItem[] = [];
  const ticks: Record<CaseId, FactorId[]> = { current: [], tsc1: [], tsc2: [] };
  const unlistedByCase: Record<CaseId, string[]> = { current: [], tsc1: [], tsc2: [] };
  const flags = new Set<string>();
  let comment: string[] = [];
  let guidelineVersion: string[] = [];

  result.forEach((item, index) => {
    const where = `result[${index}] (${item.from_name})`;
    const problem = itemProblem(text, item);
    if (problem !== undefined) {
      problems.push(`${where}: ${problem}`);
      return;
    }
    const spanCase = CASES.find((caseId) => item.from_name === LS.span(caseId));
    const tickCase = CASES.find((caseId) => item.from_name === LS.factors(caseId));
    const unlistedCase = CASES.find((caseId) => item.from_name === LS.unlisted(caseId));
    if (spanCase) {
      const labels = item.value.labels ?? [];
      const { start, end } = item.value;
      if (labels.length !== 1 || start === undefined || end === undefined || item.id === undefined) {
        problems.push(`${where}: a mention needs an id, start, end and exactly one label`);
        return;
      }
      const label = labels[0] ?? '';
      const factor = label === UNLISTED_LABEL ? 'unlisted' : factorOfChoice(label);
      if (!factor) {
        problems.push(`${where}: "${label}" is not one of the 26 factors nor "${UNLISTED_LABEL}"`);
        return;
      }
      if (regions.has(item.id)) {
        problems.push(`${where}: region ${item.id} is labelled twice`);
        return;
      }
      regions.set(item.id, { id: item.id, start, end, case: spanCase, factor });
    } else if (
      item.from_name === LS.style ||
      item.from_name === LS.polarity ||
      item.from_name === LS.unlistedText
    ) {
      perRegion.push(item);
    } else if (tickCase) {
      for (const choice of item.value.choices ?? []) {
        const factor = factorOfChoice(choice);
        if (factor) ticks[tickCase].push(factor);
        else problems.push(`${where}: "${choice}" is not one of the 26 factors`);
      }
    } else if (unlistedCase) {
      unlistedByCase[unlistedCase].push(...asList(item.value.text));
    } else if (item.from_name === LS.flags) {
      for (const choice of item.value.choices ?? []) {
        if (choice in FLAG_CHOICES) flags.add(choice);
        else problems.push(`${where}: "${choice}" is not a flag (${Object.keys(FLAG_CHOICES).join(', ')})`);
      }
    } else if (item.from_name === LS.comment) {
      comment = asList(item.value.text);
    } else if (item.from_name === LS.guidelineVersion) {
      guidelineVersion = asList(item.value.text);
    }
  });

  for (const item of perRegion) {
    const region = item.id === undefined ? undefined : regions.get(item.id);
    if (!region) {
      problems.push(`${item.from_name} of region ${item.id ?? '(no id)'}: no labelled mention has that id`);
      continue;
    }
    if (item.from_name === LS.unlistedText) region.wording = asList(item.value.text).join('\n');
    else region[item.from_name === LS.style ? 'style' : 'polarity'] = item.value.choices?.[0];
  }

  const spans: Span[] = [];
  for (const region of regions.values()) {
    const style = region.style ?? suggestMentionStyle(text.slice(region.start, region.end), region.factor);
    if (!(STYLE_CHOICES as readonly string[]).includes(style)) {
      problems.push(`region ${region.id}: style "${style}" is not one of ${STYLE_CHOICES.join(', ')}`);
      continue;
    }
    const polarity = region.polarity ?? 'asserted';
    if (polarity !== 'asserted' && polarity !== 'negated') {
      problems.push(`region ${region.id}: a judgement's mention is asserted or negated, not "${polarity}"`);
      continue;
    }
    spans.push({
      start: region.start,
      end: region.end,
      case: region.case,
      factor: region.factor,
      style: style as MentionStyle,
      polarity,
      ...(region.wording === undefined ? {} : { text: region.wording }),
    });
    if (polarity === 'asserted' && region.factor !== 'unlisted') ticks[region.case].push(region.factor);
  }
  if (problems.length > 0) return { judgement: null, problems };

  const unlisted: UnlistedMention[] = CASES.flatMap((caseId) =>
    unlistedByCase[caseId].map((mention) => ({ case: caseId, text: mention })),
  );
  const flag = (choice: FlagChoice) => flags.has(choice);
  const judgement: Judgement = {
    current: [...new Set(ticks.current)],
    tsc1: [...new Set(ticks.tsc1)],
    tsc2: [...new Set(ticks.tsc2)],
    unlisted,
    abstained: flag('abstained'),
    exact_phrase: flag('exact phrase'),
    truncated: flag('truncated'),
    spans,
  };
  if (comment.length > 0) judgement.comment = comment.join('\n');
  if (guidelineVersion.length > 0) judgement.guideline_version = guidelineVersion.join('\n');
  return { judgement, problems: [] };
}
