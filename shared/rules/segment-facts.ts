import type { CaseId } from '../vocabulary.ts';
import type { ResolvedCue } from './case-references.ts';
import { type HypotheticalWord, hypotheticalRanges } from './hypotheticals.ts';
import { negationAfterCase, negationBeforeCase } from './negation.ts';
import type { Segment } from './segments.ts';
import type { Span } from './sentences.ts';
import type { FoundMention } from './types.ts';

/**
 * How a case word relates to the statement around it: `plain` ("in TSC1, …"), `comparative` ("as
 * in TSC1", "like the input case", "as it did in TSC2": the statement holds there too) or `unlike`
 * ("unlike TSC2": the statement's opposite holds there).
 */
export type Relation = 'plain' | 'comparative' | 'unlike';

/** A case word as it stands in its segment. */
export interface SegmentCue {
  cases: ReadonlyArray<CaseId | null>;
  start: number;
  relation: Relation;
  /** A negation bound to this case word: "not in the input case", "TSC2 does not have". */
  negated: boolean;
  /** "both cases", "in both": the current case and the precedent in focus. */
  pair: boolean;
  /** The case being distinguished ("TSC1 is distinguishable because …"), not necessarily the one spoken of. */
  topic: boolean;
}

/** A case a statement is about; `negated` when a negation is bound to that case word. */
export interface Entry {
  case: CaseId | null;
  negated: boolean;
}

/** What one segment says (`segmentFacts`). */
export interface SegmentFacts {
  segment: Segment;
  mentions: FoundMention[];
  cues: SegmentCue[];
  /** A negation word in the segment outside mentions, bound negations and hypotheticals. */
  negated: boolean;
  hypothetical: Span[];
  /** "shares", "shared", "in common": the statement relates a precedent to the current case. */
  share: boolean;
  /** The segment's own plain case words as entries (see `plainEntries`). */
  plain: Entry[];
}

// "unlike TSC2", "in contrast to TSC1", "contrary to the input case", "as opposed to TSC2".
const UNLIKE_BEFORE =
  /\b(?:unlike|in\s+contrast\s+(?:to|with)|contrary\s+to|as\s+opposed\s+to|as\s+distinct\s+from)\s+(?:in\s+)?(?:[^\s,;:()]+\s+){0,4}$/i;
const COMPARATIVE_BEFORE =
  /\b(?:just\s+|exactly\s+|much\s+|precisely\s+)?(?:as|like|similar\s+to|same\s+as|resembl\w*|mirror\w*|consistent\s+with|analogous\s+to)\s+(?:(?:was|is)\s+(?:true|so|the\s+case)\s+|(?:does|did|do|had|has)\s+|(?:it|they|the\s+(?:defendant|plaintiff)s?)\s+(?:did|does|do|had|has|was|were)\s+|the\s+(?:defendant|plaintiff)s?\s+in\s+)?(?:(?:in|with|for|of)\s+)?$/i;
const TOPIC_AFTER =
  /^\s*(?:is|was|are|were|remains|can\s+be|may\s+be)\s+(?:\w+ly\s+)?(?:distinguishable|distinguished|different|inapposite|inapplicable)\b/i;
const LOOK_BACK = 80;
const SHARE = /\bshar(?:e|es|ed|ing)\b|\bin\s+common\b|\bcommon\s+to\b/i;
// "share no factors", "does not share", "no factors in common": nothing is shared.
const SHARES_NOTHING = /\b(?:no|not|never|nothing)\b/i;

function within(span: Span, position: number): boolean {
  return position >= span.start && position < span.end;
}

/**
 * What a segment says: its mentions; its case words, each with its relation to the statement
 * (plain, "as in", "unlike"), a negation bound to it ("not in the input case", "TSC2 lacks") and
 * whether it is only the case being distinguished ("TSC1 is distinguishable because …"); whether a
 * free negation word negates the segment; its hypothetical stretches; whether it states sharing;
 * and its own plain case words as entries. Given the mentions, cues, negation and hypothetical
 * words of the sentence.
 */
export function segmentFacts(
  text: string,
  segment: Segment,
  mentions: readonly FoundMention[],
  sentenceCues: readonly ResolvedCue[],
  negations: readonly Span[],
  hypotheticalWords: readonly HypotheticalWord[],
): SegmentFacts {
  const inside = mentions.filter((mention) => within(segment, mention.start));
  const cues = sentenceCues.filter((cue) => within(segment, cue.start));
  const bound: Span[] = [];
  const segmentCues: SegmentCue[] = cues.map((cue, index) => {
    const previousEnd = Math.max(
      segment.start,
      cues[index - 1]?.end ?? 0,
      ...inside.filter((mention) => mention.end <= cue.start).map((mention) => mention.end),
    );
    // The words just before the case word (the patterns look back a few words only).
    const before = text.slice(Math.max(previousEnd, cue.start - LOOK_BACK), cue.start);
    const nextStart = cues[index + 1]?.start ?? segment.end;
    const negation =
      negationBeforeCase(text, previousEnd, cue.start) ?? negationAfterCase(text, cue.end, nextStart);
    if (negation) bound.push(negation);
    const relation: Relation = UNLIKE_BEFORE.test(before)
      ? 'unlike'
      : !negation && COMPARATIVE_BEFORE.test(before)
        ? 'comparative'
        : 'plain';
    return {
      cases: cue.cases,
      start: cue.start,
      relation,
      negated: relation !== 'unlike' && negation !== null,
      pair: cue.target.kind === 'pair',
      topic: TOPIC_AFTER.test(text.slice(cue.end, nextStart)),
    };
  });
  const hypothetical = hypotheticalRanges(
    text,
    segment.start,
    segment.end,
    cues.map((cue) => cue.start),
    hypotheticalWords,
  );
  const negated = negations.some(
    (word) =>
      within(segment, word.start) &&
      !inside.some((mention) => within(mention, word.start)) &&
      !bound.some((span) => within(span, word.start)) &&
      !hypothetical.some((span) => within(span, word.start)),
  );
  const body = text.slice(segment.start, segment.end);
  const share = SHARE.test(body) && !SHARES_NOTHING.test(body);
  return {
    segment,
    mentions: inside,
    cues: segmentCues,
    negated,
    hypothetical,
    share,
    plain: plainEntries(segmentCues),
  };
}

/**
 * The segment's own plain case words as entries; "both" is ignored when two cases are named, and
 * the case being distinguished when another case is named positively ("TSC1 is distinguishable
 * because the plaintiff here …" speaks of the current case; "… because it involved F22, absent
 * from the input case" still of TSC1).
 */
function plainEntries(cues: readonly SegmentCue[]): Entry[] {
  const allPlain = cues.filter((cue) => cue.relation === 'plain');
  const others = allPlain.filter((cue) => !cue.topic);
  const plain = others.some((cue) => !cue.negated)
    ? others
    : allPlain.filter(
        (cue) => !cue.topic || !others.some((other) => other.cases.some((c) => cue.cases.includes(c))),
      );
  const named = plain.filter((cue) => !cue.pair);
  const used = named.length >= 2 ? named : plain;
  const entries: Entry[] = [];
  for (const cue of used) {
    for (const caseId of cue.cases) {
      const existing = entries.find((entry) => entry.case === caseId);
      if (existing) existing.negated &&= cue.negated;
      else entries.push({ case: caseId, negated: cue.negated });
    }
  }
  return entries;
}
