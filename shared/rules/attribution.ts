import { mainCases } from './case-attribution.ts';
import type { ResolvedCue } from './case-references.ts';
import { type Attribution, addComparisons, overall, put, trailingReading } from './comparison.ts';
import type { HypotheticalWord } from './hypotheticals.ts';
import type { Lexicon } from './lexicon.ts';
import { answeredNo } from './negation.ts';
import {
  affirmsOnItsOwn,
  type Entry,
  type SegmentCue,
  type SegmentFacts,
  segmentFacts,
} from './segment-facts.ts';
import type { Segment } from './segments.ts';
import { SentenceReader } from './sentence-reader.ts';
import type { Sentence, Span } from './sentences.ts';
import type { FoundMention, RuleName, RulesPolarity } from './types.ts';

export type { Attribution } from './comparison.ts';

/** A sentence with its segments. */
export interface SegmentedSentence extends Sentence {
  segments: readonly Segment[];
}

export interface AttributedMention {
  mention: FoundMention;
  attributions: Attribution[];
}

/** An asserted reading denied by the answer to its question (`negation.answered-no`); others unchanged. */
function deny(attribution: Attribution): Attribution {
  return attribution.polarity === 'asserted'
    ? { ...attribution, polarity: 'negated', rules: [...attribution.rules, 'negation.answered-no'] }
    : attribution;
}

function within(span: Span, position: number): boolean {
  return position >= span.start && position < span.end;
}

/**
 * A mention's polarity in one of its main cases, with the rule that decided it (`NEGATION_RULES`,
 * after the hypothetical rules), or none for a plain assertion.
 */
function polarityOf(
  facts: SegmentFacts,
  mention: FoundMention,
  entry: Entry,
  inheritedNegation: boolean,
): { polarity: RulesPolarity; rule?: RuleName } {
  const hypothetical = facts.hypothetical.find((span) => within(span, mention.start));
  if (hypothetical) return { polarity: 'hypothetical', rule: hypothetical.rule };
  if (entry.negated) return { polarity: 'negated', rule: entry.negatedBy ?? 'negation.bound-to-case' };
  // A table row's cells decide per column: an "absent" in another cell negates nothing here.
  if (
    entry.rule === 'case.table-row' ||
    entry.rule === 'case.table-column' ||
    entry.rule === 'case.mark-list'
  )
    return { polarity: 'asserted' };
  if (facts.negated) return { polarity: 'negated', rule: 'negation.clause' };
  const forward = facts.forwardNegated.get(mention);
  if (forward) return { polarity: 'negated', rule: forward };
  if (inheritedNegation) return { polarity: 'negated', rule: 'negation.list-before-negated-clause' };
  return { polarity: 'asserted' };
}

/** A mention's readings for its main cases: each case with its rule, then its polarity with its rule. */
function readings(
  facts: SegmentFacts,
  mention: FoundMention,
  main: readonly Entry[],
  inheritedNegation: boolean,
): Attribution[] {
  return main.map((entry) => {
    const { polarity, rule } = polarityOf(facts, mention, entry, inheritedNegation);
    return { case: entry.case, polarity, rules: rule ? [entry.rule, rule] : [entry.rule] };
  });
}

/**
 * For spans sorted by start, a function giving those that start inside each sentence, to be
 * called for sentences in text order (one pass over the spans in all).
 */
function sentenceSlicer<T extends Span>(spans: readonly T[]): (sentence: Span) => T[] {
  let next = 0;
  return (sentence) => {
    while (next < spans.length && (spans[next]?.start ?? 0) < sentence.start) next += 1;
    const inside: T[] = [];
    for (let index = next; index < spans.length; index += 1) {
      const span = spans[index];
      if (!span || span.start >= sentence.end) break;
      inside.push(span);
    }
    return inside;
  };
}

/**
 * As `sentenceSlicer`, but each span goes to every sentence it overlaps, not only to the one it
 * starts in: a law section (`hypothetical.law-section`) runs over several sentences. Spans sorted by
 * start, sentences asked in increasing order.
 */
function overlapSlicer<T extends Span>(spans: readonly T[]): (sentence: Span) => T[] {
  let next = 0;
  let open: T[] = [];
  return (sentence) => {
    while (next < spans.length && (spans[next]?.start ?? 0) < sentence.end) {
      const span = spans[next];
      if (span) open.push(span);
      next += 1;
    }
    open = open.filter((span) => span.end > sentence.start);
    return open.filter((span) => span.start < sentence.end);
  };
}

/**
 * Whether a segment ends the reach of "as in TSC1" before it: a contrast, ";", a dash, a second
 * reason (", and because the plaintiff itself had published …") or the main clause after an opening
 * subordinate one ("Although …, the defendant knew F21, as in TSC1") — but not an "unlike" aside
 * ("The input case, like TSC1 but unlike TSC2, involves F7").
 */
function startsGroup(facts: SegmentFacts): boolean {
  if (facts.opensWithUnlike) return false;
  return (
    facts.segment.opener === 'contrast' ||
    facts.segment.opener === 'punctuation' ||
    facts.segment.mainClause === true ||
    (facts.segment.opener === 'and' && facts.opensWithReason)
  );
}

/**
 * Whether a segment is an "unlike" aside that opens a statement and speaks of what follows it: it
 * has no factors, opens with "unlike" at the start of the sentence or after ";" or a dash, and a
 * relative clause follows it ("…; unlike TSC1, where …, the plaintiff here …").
 */
function opensForward(all: readonly SegmentFacts[], facts: SegmentFacts): boolean {
  if (!facts.opensWithUnlike || facts.mentions.length > 0) return false;
  if (
    facts.segment.opener !== 'start' &&
    facts.segment.opener !== 'punctuation' &&
    facts.segment.opener !== 'contrast'
  )
    return false;
  const next = all[all.indexOf(facts) + 1];
  return next?.segment.opener === 'relative';
}

const AND_THAT = /^\W*and\s+that\b/i;

/** The readings of a mention's main cases (not those a comparison added): what its own clause says. */
function mainReadings(attributions: readonly Attribution[]): readonly Attribution[] {
  const main = attributions.filter((reading) => !reading.rules[0]?.startsWith('comparison.'));
  return main.length > 0 ? main : attributions;
}

/** Each mention's readings: its main cases (`CASE_RULES`), then the comparisons of its clause (`COMPARISON_RULES`). */
function readMentions(
  reader: SentenceReader,
  all: readonly SegmentFacts[],
  mains: ReadonlyArray<Entry[] | null>,
  inherited: readonly boolean[],
): Map<FoundMention, Attribution[]> {
  const read = new Map<FoundMention, Attribution[]>();
  let groupStart = 0;
  for (const [index, facts] of all.entries()) {
    if (startsGroup(facts)) groupStart = index;
    const main = mains[index];
    if (!main) continue;
    let groupEnd = all.findIndex((other, at) => at > index && startsGroup(other));
    if (groupEnd === -1) groupEnd = all.length;
    // An "as in" in a second that-clause does not reach back over its ", and that" ("… that TSC1
    // involved F7, …, and that here, as in TSC2, Y" does not say F7 of TSC2).
    const andAfter = all.findIndex(
      (other, at) =>
        at > index &&
        other.segment.opener === 'and' &&
        AND_THAT.test(reader.text.slice(other.segment.start, other.segment.start + 12)),
    );
    const reachEnd = andAfter === -1 ? groupEnd : Math.min(groupEnd, andAfter);
    // (Loops over the group rather than slices and flatMaps: this runs for every segment.)
    const comparatives: SegmentCue[] = [];
    for (let at = groupStart; at < reachEnd; at += 1)
      for (const cue of all[at]?.cues ?? []) if (cue.relation === 'comparative') comparatives.push(cue);
    const openingUnlikes: SegmentCue[] = [];
    for (let at = groupStart; at < index; at += 1) {
      const other = all[at];
      if (!other || !opensForward(all, other)) continue;
      for (const cue of other.cues) if (cue.relation === 'unlike') openingUnlikes.push(cue);
    }
    for (const mention of facts.mentions) {
      const listed =
        reader.parentheticalCase(facts, mention) ?? reader.tableCase(mention) ?? reader.markCase(mention);
      const attributions = readings(facts, mention, listed ?? main, inherited[index] ?? false);
      addComparisons(attributions, facts, comparatives, listed, openingUnlikes);
      read.set(mention, attributions);
    }
  }
  return read;
}

const DASH_AHEAD = /^[\s*_]*[—–-]/;

/** Whether `next` opens with a dash right after `facts` and names no case of its own: `facts` labels it. */
function labelsNextClause(text: string, facts: SegmentFacts, next: SegmentFacts | undefined): boolean {
  return (
    next !== undefined &&
    next.cues.length === 0 &&
    DASH_AHEAD.test(text.slice(facts.segment.end, next.segment.end))
  );
}

/**
 * Segments without mentions but with case words add readings to the mentions just before them
 * (`case.trailing-case-words` and the comparison rules `trailingReading` applies).
 */
function applyTrailingSegments(
  all: readonly SegmentFacts[],
  read: Map<FoundMention, Attribution[]>,
  text: string,
  lexicon: Lexicon,
): void {
  const firstWithMentions = all.findIndex((facts) => facts.mentions.length > 0);
  if (firstWithMentions === -1) return;
  for (const [index, facts] of all.entries()) {
    if (facts.mentions.length > 0 || facts.cues.length === 0 || index < firstWithMentions) continue;
    // "… and the precedents (TSC1: F16, F24 …": a case word before a colon introduces what follows.
    if (all[index + 1]?.segment.opener === 'colon') continue;
    // … and so does a bare case word before a dash when what follows names no case of its own
    // (shorthand notes: "TSC1 also F2; cur. — no payment to anyone" says nothing of F2 for the
    // current case; the clause after the dash is about it).
    if (facts.elliptical && labelsNextClause(text, facts, all[index + 1])) continue;
    if (opensForward(all, facts)) continue;
    // "…; and TSC2, in which no covenant was signed, cannot govern …": a bare case word with a
    // relative clause after it is the subject of a new statement, no extension of the one before
    // — unless what follows affirms ("and TSC2, which the defendant won, had the same factor").
    const relative = all[index + 1];
    if (
      facts.elliptical &&
      !facts.affirms &&
      !facts.negated &&
      !facts.cues.some((cue) => cue.negated || cue.relation !== 'plain') &&
      relative?.segment.opener === 'relative' &&
      !all.slice(index + 1).some((other) => affirmsOnItsOwn(text, other.segment, lexicon))
    )
      continue;
    const target = all.slice(0, index).findLast((other) => other.mentions.length > 0);
    if (!target) continue;
    // After ";", a dash, ", and" or a contrast, a clause that neither negates nor affirms on its own
    // nor leaves its statement to the one before ("but not in TSC1") is a new statement ("…; in TSC1
    // the defendant won because …", "but only TSC2 was won by the plaintiff").
    const opener = facts.segment.opener;
    const statesOwn =
      facts.negated || facts.cues.some((cue) => cue.negated) || facts.affirms || facts.elliptical;
    const aside = facts.cues.some((cue) => cue.relation !== 'plain');
    // "Unlike the plaintiff in TSC2, which never protected its recipe (F19), the plaintiff here
    // took real care": the main clause resumed after an "unlike" aside's relative clause is the
    // contrast itself, not a repetition of the relative clause's factor.
    if (
      opener === 'resume' &&
      !statesOwn &&
      !aside &&
      all[index - 1]?.segment.opener === 'relative' &&
      all[index - 2]?.opensWithUnlike === true
    )
      continue;
    // "…, a circumstance absent from the instant case; and that the instant case resembles TSC2":
    // a second reported clause ("and that") is a new statement even when it compares cases — the
    // comparison is its own, not a repetition of the factors before it for the cases it names.
    if (
      (opener === 'and' || opener === 'punctuation') &&
      !statesOwn &&
      AND_THAT.test(text.slice(facts.segment.start, facts.segment.start + 12))
    )
      continue;
    // After a colon, too: "the input case involves no F12: the disclosures here were unrestricted"
    // explains the statement, it does not say F12 of the input case again.
    if (
      (opener === 'punctuation' || opener === 'and' || opener === 'contrast' || opener === 'colon') &&
      !statesOwn &&
      !aside
    )
      continue;
    for (const mention of target.mentions) {
      const attributions = read.get(mention);
      // A mark list's cases are its marks' ("F13: Cur. ✓ | T1 ✗"): its items are no trailing clause.
      if (!attributions || attributions.some((reading) => reading.rules[0] === 'case.mark-list')) continue;
      const polarity = overall(mainReadings(attributions));
      for (const cue of facts.cues) {
        if (cue.pair && facts.cues.length > 1) continue;
        const reading = trailingReading(cue, facts, polarity);
        for (const caseId of cue.cases)
          put(attributions, { case: caseId, polarity: reading.polarity, rules: [reading.rule] });
      }
    }
  }
}

// At most this many words besides the case words make a follow-up sentence ("Same in TSC2 too.").
const FOLLOW_UP_WORDS = 4;

/**
 * A sentence that is only case words, bare or with an additive or a negation ("TSC1 too.", "Same
 * in TSC2.", "Not in TSC2."), speaks of the factors of the sentence just before it, as a trailing
 * clause does (`case.follow-up-sentence`, then the reading `trailingReading` gives).
 */
function followUp(
  text: string,
  sentence: SegmentedSentence,
  cues: readonly ResolvedCue[],
  negations: readonly Span[],
  hypotheticals: readonly HypotheticalWord[],
  before: readonly Attribution[][],
  lexicon: Lexicon,
): void {
  if (sentence.segments.length !== 1) return;
  const [segment] = sentence.segments;
  if (!segment) return;
  const facts = segmentFacts(text, segment, [], cues, negations, hypotheticals, lexicon);
  if (!facts.elliptical && !facts.affirms) return;
  let rest = text.slice(segment.start, segment.end);
  for (const cue of [...cues].reverse())
    rest = rest.slice(0, cue.start - segment.start) + rest.slice(cue.end - segment.start);
  if ((rest.match(/[A-Za-z]+/g) ?? []).length > FOLLOW_UP_WORDS) return;
  for (const attributions of before) {
    const polarity = overall(mainReadings(attributions));
    if (polarity === 'hypothetical') continue;
    for (const cue of facts.cues) {
      const reading = trailingReading(cue, facts, polarity);
      for (const caseId of cue.cases)
        put(attributions, {
          case: caseId,
          polarity: reading.polarity,
          rules: ['case.follow-up-sentence', reading.rule],
        });
    }
  }
}

/**
 * Attaches cases and polarity to every mention, sentence by sentence, segment by segment, each
 * reading with the named rules that produced it:
 *
 * 1. the segment's main cases, by the first of `CASE_RULES` that applies (its own case words, a
 *    sharing partner, the case a relative clause refers back to, the clause before, … the current
 *    case by default); a mention in parentheses right after a case word belongs to it;
 * 2. the polarity in each main case: hypothetical in a condition or general law
 *    (`HYPOTHETICAL_RULES`), else negated by the first of `NEGATION_RULES` that applies, else
 *    asserted;
 * 3. the comparisons of its clause (`COMPARISON_RULES`): "unlike B" the opposite in B, "as in B"
 *    the same in B, "like the one here" present here;
 * 4. a following clause without factors but with case words speaks of them ("which the input case
 *    lacks", "but not in TSC2", "and TSC2 has it too").
 */
export function attributeMentions(
  text: string,
  sentences: readonly SegmentedSentence[],
  mentions: readonly FoundMention[],
  cues: readonly ResolvedCue[],
  negations: readonly Span[],
  hypotheticalWords: readonly HypotheticalWord[],
  lexicon: Lexicon,
): AttributedMention[] {
  const reader = new SentenceReader(text, cues, lexicon);
  const result: AttributedMention[] = [];
  const mentionsOf = sentenceSlicer(mentions);
  const cuesOf = sentenceSlicer(cues);
  const negationsOf = sentenceSlicer(negations);
  const hypotheticalsOf = overlapSlicer(hypotheticalWords);
  let leadIn: Entry[] | null = null;
  // The cases of the heading above ("### TSC1 (P)"), for the bare lists of factors under it.
  let headingCases: Entry[] | null = null;
  let headingParagraph = -1;
  // The readings of the sentence just before, when it had mentions (for a follow-up sentence).
  let previous: { paragraph: number; read: Attribution[][] } | null = null;
  for (const [sentenceIndex, sentence] of sentences.entries()) {
    const inSentence = mentionsOf(sentence);
    const sentenceCues = cuesOf(sentence);
    const sentenceNegations = negationsOf(sentence);
    const sentenceHypotheticals = hypotheticalsOf(sentence);
    const next = sentences[sentenceIndex + 1];
    const leadsList = sentence.endsWithColon && next?.bulletLine === true && next.lineStart;
    if (!sentence.bulletLine) leadIn = null;
    const leadsLines = sentence.heading && sentenceCues.length > 0;
    if (sentence.heading || sentence.paragraph !== headingParagraph) headingCases = null;
    // A sentence without mentions has nothing to read, unless it leads a list or lines in, or only
    // names cases after a sentence with factors ("TSC1 too.", "Not in TSC2.").
    if (inSentence.length === 0 && !leadsList && !leadsLines) {
      if (previous && previous.paragraph === sentence.paragraph && sentenceCues.length > 0)
        followUp(
          text,
          sentence,
          sentenceCues,
          sentenceNegations,
          sentenceHypotheticals,
          previous.read,
          lexicon,
        );
      previous = null;
      continue;
    }
    const all = sentence.segments.map((segment) =>
      segmentFacts(
        text,
        segment,
        inSentence,
        sentenceCues,
        sentenceNegations,
        sentenceHypotheticals,
        lexicon,
      ),
    );
    const underHeading =
      headingCases && all.every((facts) => facts.mentions.length === 0 || reader.bareList(facts))
        ? headingCases
        : null;
    const { mains, inherited } = mainCases(reader, all, sentence.paragraph, leadIn ?? underHeading);
    const read = readMentions(reader, all, mains, inherited);
    applyTrailingSegments(all, read, text, lexicon);
    // A question answered "No" in the next sentence asserts nothing it asked: its readings are denied.
    const denied = answeredNo(text, sentence, next, lexicon);
    const readHere: Attribution[][] = [];
    for (const mention of inSentence) {
      const attributions = read.get(mention) ?? [];
      const final = denied ? attributions.map(deny) : attributions;
      readHere.push(final);
      result.push({ mention, attributions: final });
    }
    previous = { paragraph: sentence.paragraph, read: readHere };

    if (leadsList) {
      const entries = reader.leadIn(all, sentence.paragraph);
      leadIn = entries.length > 0 ? entries : null;
    }
    if (leadsLines && inSentence.length === 0) {
      const entries = reader.leadIn(all, sentence.paragraph);
      headingCases = entries.length > 0 ? entries : null;
      headingParagraph = sentence.paragraph;
    }
  }
  return result;
}
