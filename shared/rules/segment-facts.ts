import type { CaseId } from '../vocabulary.ts';
import type { ResolvedCue } from './case-references.ts';
import { definePatterns } from './grammar.ts';
import { type HypotheticalRange, type HypotheticalWord, hypotheticalRanges } from './hypotheticals.ts';
import type { Lexicon } from './lexicon.ts';
import { negationAfterCase, negationBeforeCase } from './negation.ts';
import type { Segment } from './segments.ts';
import type { Span } from './sentences.ts';
import type { FoundMention, RuleName } from './types.ts';

/**
 * How a case word relates to the statement around it: `plain` ("in TSC1, …"), `comparative` ("as
 * in TSC1", "like the input case", "as it did in TSC2": the statement holds there too), `unlike`
 * ("unlike TSC2": the statement's opposite holds there) or `presupposed` ("a deceptive scheme like
 * the one here": the thing compared exists in that case, whatever the statement says of others).
 */
export type Relation = 'plain' | 'comparative' | 'unlike' | 'presupposed';

/** A case word as it stands in its segment. */
export interface SegmentCue {
  cases: ReadonlyArray<CaseId | null>;
  start: number;
  relation: Relation;
  /** A negation bound to this case word: "not in the input case", "TSC2 does not have". */
  negated: boolean;
  /** The rule that bound it: `negation.bound-to-case`, or `comparison.distinguishes-a-from-b` ("distinguishes A from B"). */
  negatedBy?: RuleName;
  /** "both cases", "in both": the current case and the precedent in focus. */
  pair: boolean;
  /** "there", "that case": a word for the precedent in focus, no name of its own. */
  focus: boolean;
  /** The case being distinguished ("TSC1 is distinguishable because …"), not necessarily the one spoken of. */
  topic: boolean;
}

/**
 * A case a statement is about, with the rule that made it so (`case.own-case-words`,
 * `case.previous-clause` …); `negated` when a negation is bound to that case word, by the rule
 * `negatedBy`.
 */
export interface Entry {
  case: CaseId | null;
  negated: boolean;
  rule: RuleName;
  negatedBy?: RuleName;
}

/** What one segment says (`segmentFacts`). */
export interface SegmentFacts {
  segment: Segment;
  mentions: FoundMention[];
  cues: SegmentCue[];
  /**
   * A negation word in the segment outside mentions, bound negations and hypotheticals, that
   * negates the whole clause ("not", "never", "lacks", "neither" …); in a segment without mentions,
   * also a "no" or "nothing".
   */
  negated: boolean;
  /**
   * The mentions a "no" or "nothing" negates in a segment with mentions: those after it ("the input
   * case involves no F12", "no evidence of F19") and one it directly follows ("reverse engineered
   * nothing"), not others before it ("the customer data was general knowledge and concerned
   * nothing technical"); after a copula it negates the clause ("… is no defense").
   */
  forwardNegated: ReadonlyMap<FoundMention, RuleName>;
  /**
   * (Read only for a segment without mentions but with case words.) The segment affirms something of its own: an additive ("also", "too", "as well") or a verb of
   * having or presence ("has", "involves", "present") — "although TSC1 also has it" says TSC1 has
   * the factor, where a bare "but TSC1" after a negated statement would mean the opposite.
   */
  affirms: boolean;
  /** Opens with "unlike" or "in contrast to": an aside that does not end the reach of an "as in". */
  opensWithUnlike: boolean;
  /** Opens with "and because" / "and since": a second reason, a statement of its own. */
  opensWithReason: boolean;
  /**
   * (Read only for a segment without mentions but with case words.) Nothing but case words and small words ("but not in TSC1", "and in the input case", "— TSC2"):
   * a clause that leaves its statement to the one before it.
   */
  elliptical: boolean;
  hypothetical: HypotheticalRange[];
  /** "shares", "shared", "in common": the statement relates a precedent to the current case. */
  share: boolean;
  /** The segment's own plain case words as entries (see `plainEntries`). */
  plain: Entry[];
}

const patternsOf = definePatterns({
  // "unlike TSC2", "is not like TSC1", "in contrast to TSC1", "contrary to the input case", "as opposed to TSC2".
  UNLIKE_BEFORE: ['\\b{unlike-word}\\s+(?:in\\s+)?(?:[^\\s,;:()]+\\s+){0,4}$', 'i'],
  COMPARATIVE_BEFORE: [
    "\\b(?:{comparative-adverb}\\s+)?{comparative-word}\\s+(?:(?:was|is)\\s+(?:true|so|the\\s+case)\\s+|(?:does|did|do|had|has)\\s+|(?:it|they|the\\s+(?:defendant|plaintiff)s?)\\s+(?:did|does|do|had|has|was|were)\\s+|the\\s+(?:defendant|plaintiff)s?\\s+in\\s+|the\\s+[\\w'’-]+(?:\\s+[\\w'’-]+)?\\s+(?:in|of|from)\\s+)?(?:(?:in|with|for|of)\\s+)?$",
    'i',
  ],
  // "like the one here", "such as the one in TSC1", "similar to that in the input case".
  PRESUPPOSED_BEFORE: [
    '\\b{presupposing-word}\\s+(?:the\\s+{presupposed-noun}|that|those)\\s+(?:(?:in|of|at\\s+issue\\s+in|used\\s+in|seen\\s+in)\\s+)?$',
    'i',
  ],
  // "no" and "nothing" negate what follows them; a few predicates with "no" negate their subject too
  // ("F12 plays no role here", "has no bearing").
  FORWARD_NEGATION: ['^{forward-negation}$', 'i'],
  // … but after a copula "no" negates the subject: "reverse engineering is no defense".
  COPULA_BEFORE: ['\\b{copula}\\s+$', 'i'],
  NO_PREDICATE: ['^\\s*{no-predicate-noun}\\b', 'i'],
  // An additive, a verb of having with a pronoun for the factor, an elliptical "does" / "did" at the
  // end, "so does", "did the same", "for that reason", "such", or "present": "although TSC1 also has
  // it", "whereas TSC2 does", "and so does the input case", "the plaintiff here did the same", "in
  // TSC1 the defendant won for that reason", "but present in TSC2" — not "whereas the current case
  // involves products that differ" (which says the opposite in its own words).
  AFFIRMS: [
    '\\b{affirming-additive}\\b|\\b(?:so|as)\\s+(?:does|did|do|is|was|has|had)\\b|\\b(?:did|does|do|had|has)\\s+the\\s+same\\b|\\b{affirming-phrase}\\b|\\bpresent\\b(?!\\s+{case-noun-after-present}\\b)|\\b{affirming-verb}\\s+(?:it|them|this|that|one|both|the\\s+same)\\b|\\b(?:does|did|do)\\W*$|\\b(?:both|each|they|it|the\\s+same)\\s+(?:also\\s+)?{presence-verb}\\b',
    'i',
  ],
  OPENS_WITH_UNLIKE: ['^\\W*(?:(?:but|and|yet)\\s+)?{unlike-word}\\b', 'i'],
  // A verb of knowing, saying or showing with its "that": the clause after it is reported, not
  // asserted ("…, showing that information in circulation is not protected").
  COMPLEMENT: ['\\b{reporting-verb}\\b[^,;:.]*?\\bthat\\b', 'gi'],
  OPENS_WITH_REASON: ['^\\W*and\\s+(?:also\\s+)?{reason-conjunction}\\b', 'i'],
  DISTINGUISHES: ['\\b(?:{distinguish-verb}|distinguishing|{separating-verb})\\s+$', 'i'],
  ELLIPTICAL: ['^(?:[\\s,.;:()*—–&-]|\\b{elliptical-word}\\b)*$', 'i'],
  TOPIC_AFTER: ['^\\s*{topic-copula}\\s+(?:\\w+ly\\s+)?{topic-predicate}\\b', 'i'],
  SHARE: ['\\b{sharing-word}\\b', 'i'],
  // … but not the plaintiff sharing its information with someone ("shared the formula with its
  // customers", F10) nor a shared place ("a shared folder"): only sharing with a case counts.
  SHARES_OTHER: [
    '\\bshar(?:e|es|ed|ing)\\s+(?:(?:it|them|its\\s+\\w+|the\\s+\\w+|this|that)\\s+)?with\\s+(?!(?:the\\s+)?(?:input|current|present|instant|first|second)\\b|TSC|this\\b|our\\b|both\\b|each\\b|here\\b|the\\s+(?:case|precedent)|it\\b|them\\b)|\\bshared\\s+{shared-place}\\b|\\bshar(?:e|es|ed|ing)\\s+(?:the|its|his|her|their|this|that|any|our)\\s+(?:\\w+\\s+)?{shared-information}\\b(?!\\s+with\\s+(?:the\\s+)?(?:input|current|present|instant|first|second|TSC))',
    'i',
  ],
  // "share no factors", "does not share", "no factors in common": nothing is shared.
  SHARES_NOTHING: ['\\b{sharing-negator}\\b', 'i'],
  // A new item of a list of noun phrases: "nothing like the product was sold by anyone else, the
  // defendant's awareness that …" — the "nothing" does not reach the next item.
  NEXT_ITEM: [',\\s+(?:and\\s+)?{list-item-determiner}\\b', 'gi'],
  // "the knock-off differed in several features": a likeness (F18) denied right after it.
  LIKENESS_DENIED: ["^\\W*(?:[\\w’'-]+\\s+){0,2}?{likeness-denial}\\b", 'i'],
});
// "… as it was here", "as the defendant did here": a comparison with a verb of its own says the
// statement holds in the current case, even after a negated one ("Nor was it handed over in TSC1, as
// it was here"). Only with "here": "… does not matter when …, as it was in TSC2" compares the
// "when" clause.
const AS_IT_DID_BEFORE =
  /\bas\s+(?:it|they|he|she|the\s+[\w'’-]+)\s+(?:was|were|did|had|has|is|does)\s+(?:(?:in|with|for)\s+)?$/i;
type Patterns = ReturnType<typeof patternsOf>;
const NONE: ReadonlyMap<FoundMention, RuleName> = new Map();
// … and a "nothing" right after a mention is its object: "reverse engineered nothing".
const RIGHT_AFTER = /^[\s*_)]*$/;

/** Where the last "knew … that" in text[from, to) ends, or -1. */
function complementEnd(COMPLEMENT: RegExp, text: string, from: number, to: number): number {
  const before = text.slice(from, to);
  let end = -1;
  COMPLEMENT.lastIndex = 0;
  for (let match = COMPLEMENT.exec(before); match; match = COMPLEMENT.exec(before))
    end = from + match.index + match[0].length;
  return end;
}

/**
 * Whether a negation word negates only what follows it: a "no", "nothing" or "without" in a segment
 * with mentions, not before a predicate that negates its subject ("plays no role") nor after a
 * copula ("is no defense"). A module-level function, not a closure: the tsx runtime wraps every
 * named closure it creates in a naming helper, which cost 8% of the extractor's time per call.
 */
function negatesForward(
  patterns: Patterns,
  text: string,
  segment: Span,
  word: Span,
  hasMentions: boolean,
): boolean {
  return (
    hasMentions &&
    patterns.FORWARD_NEGATION.test(text.slice(word.start, word.end)) &&
    !patterns.NO_PREDICATE.test(text.slice(word.end, word.end + 20)) &&
    !patterns.COPULA_BEFORE.test(text.slice(Math.max(segment.start, word.start - 12), word.start))
  );
}

/** Where the reach of a forward negation ("no", "nothing", "without") ends: the next list item, else the segment's end. */
function forwardScopeEnd(NEXT_ITEM: RegExp, text: string, word: Span, segment: Span): number {
  NEXT_ITEM.lastIndex = word.end;
  const next = NEXT_ITEM.exec(text);
  return next && next.index < segment.end ? next.index : segment.end;
}

/**
 * The mentions a forward negation negates, each with its rule: after a "no", "nothing" or "without"
 * (up to the next list item) or right before a "nothing" ("reverse engineered nothing"):
 * `negation.no-before`; after the "that" of a reported clause with a negation in it:
 * `negation.reported-that`.
 */
function forwardReach(
  NEXT_ITEM: RegExp,
  text: string,
  segment: Span,
  inside: readonly FoundMention[],
  words: readonly Span[],
  embeddedFrom: ReadonlyMap<Span, number>,
): Map<FoundMention, RuleName> {
  const reached = new Map<FoundMention, RuleName>();
  for (const mention of inside)
    for (const word of words) {
      const that = embeddedFrom.get(word);
      const after =
        mention.start > (that ?? word.start) &&
        (that !== undefined || mention.start < forwardScopeEnd(NEXT_ITEM, text, word, segment));
      const object =
        mention.end <= word.start &&
        /^nothing$/i.test(text.slice(word.start, word.end)) &&
        RIGHT_AFTER.test(text.slice(mention.end, word.start));
      if (!after && !object) continue;
      reached.set(
        mention,
        after && that !== undefined
          ? 'negation.reported-that'
          : /^(?:no|nothing|without)$/i.test(text.slice(word.start, word.end))
            ? 'negation.no-before'
            : 'negation.instead-of',
      );
      break;
    }
  return reached;
}

/** The segment's text with `spans` (case words, mentions; in text order) taken out. */
function withoutSpans(text: string, segment: Span, cues: readonly Span[]): string {
  let rest = '';
  let at = segment.start;
  for (const cue of cues) {
    rest += text.slice(at, cue.start);
    at = cue.end;
  }
  return rest + text.slice(at, segment.end);
}

const LOOK_BACK = 80;
const DISTINGUISHED_FROM = /^\s+(?:apart\s+)?from\s+$/i;

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
  lexicon: Lexicon,
): SegmentFacts {
  const patterns = patternsOf(lexicon);
  const inside = mentions.filter((mention) => within(segment, mention.start));
  const cues = sentenceCues.filter((cue) => within(segment, cue.start));
  const bound: Span[] = [];
  const segmentCues: SegmentCue[] = cues.map((cue, index) => {
    // Where the words before it begin: after the segment's start, the case word before it and
    // every mention that ends before it.
    let previousEnd = Math.max(segment.start, cues[index - 1]?.end ?? 0);
    for (const mention of inside)
      if (mention.end <= cue.start && mention.end > previousEnd) previousEnd = mention.end;
    // The words just before the case word (the patterns look back a few words only).
    const before = text.slice(Math.max(previousEnd, cue.start - LOOK_BACK), cue.start);
    const nextStart = cues[index + 1]?.start ?? segment.end;
    const found =
      negationBeforeCase(text, previousEnd, cue.start, cue.end, lexicon) ??
      negationAfterCase(text, cue.end, nextStart, lexicon);
    // A negation inside a factor's own wording ("the agreement in the input case did not say what …
    // was secret", F5) belongs to the factor, not to the case word.
    // So does a negation word that is part of a name or code label ("the input case has
    // No-security-measures").
    const ownWording =
      found !== null &&
      inside.some(
        (mention) =>
          (mention.negationAt !== undefined &&
            mention.negationAt >= found.start &&
            mention.negationAt < found.end) ||
          (mention.style !== 'paraphrase' && mention.start < found.end && found.start < mention.end),
      );
    const negation = ownWording ? null : found;
    if (negation) bound.push(negation);
    // "distinguishes the input case from TSC2": the case after "from" lacks what distinguishes.
    const previous = cues[index - 1];
    const distinguishedFrom =
      previous !== undefined &&
      DISTINGUISHED_FROM.test(text.slice(previous.end, cue.start)) &&
      patterns.DISTINGUISHES.test(text.slice(Math.max(segment.start, previous.start - 30), previous.start));
    const relation: Relation = patterns.UNLIKE_BEFORE.test(before)
      ? 'unlike'
      : patterns.PRESUPPOSED_BEFORE.test(before) ||
          (AS_IT_DID_BEFORE.test(before) && /^here$/i.test(text.slice(cue.start, cue.end)))
        ? 'presupposed'
        : !negation && patterns.COMPARATIVE_BEFORE.test(before)
          ? 'comparative'
          : 'plain';
    const negated = relation !== 'unlike' && (negation !== null || distinguishedFrom);
    const segmentCue: SegmentCue = {
      cases: cue.cases,
      start: cue.start,
      relation,
      negated,
      pair: cue.target.kind === 'pair',
      focus: cue.target.kind === 'focus',
      topic: patterns.TOPIC_AFTER.test(text.slice(cue.end, nextStart)),
    };
    // (Set afterwards rather than spread in: a conditional spread costs an object and a copy per cue.)
    if (negated)
      segmentCue.negatedBy = negation ? 'negation.bound-to-case' : 'comparison.distinguishes-a-from-b';
    return segmentCue;
  });
  const hypothetical = hypotheticalRanges(
    text,
    segment.start,
    segment.end,
    cues.map((cue) => cue.start),
    hypotheticalWords,
    lexicon,
  );
  const free = negations.filter(
    (word) =>
      within(segment, word.start) &&
      !inside.some((mention) => within(mention, word.start)) &&
      !bound.some((span) => within(span, word.start)) &&
      !hypothetical.some((span) => within(span, word.start)),
  );
  const hasMentions = inside.length > 0;
  // A negation inside a that-clause of knowing or saying negates only what follows the "that":
  // "knew full well that the data was not to leave the room" still asserts "knew full well".
  const embeddedFrom = new Map<Span, number>();
  if (inside.length > 0)
    for (const word of free) {
      if (negatesForward(patterns, text, segment, word, hasMentions)) continue;
      const that = complementEnd(patterns.COMPLEMENT, text, segment.start, word.start);
      if (that !== -1 && inside.some((mention) => mention.start < that)) embeddedFrom.set(word, that);
    }
  const negated = free.some(
    (word) => !negatesForward(patterns, text, segment, word, hasMentions) && !embeddedFrom.has(word),
  );
  const forwardWords = free.filter(
    (word) => negatesForward(patterns, text, segment, word, hasMentions) || embeddedFrom.has(word),
  );
  const forwardNegated: ReadonlyMap<FoundMention, RuleName> =
    forwardWords.length === 0
      ? NONE
      : forwardReach(patterns.NEXT_ITEM, text, segment, inside, forwardWords, embeddedFrom);
  const negatedLikeness = likenessDenied(patterns, text, segment, inside, forwardNegated);
  const body = text.slice(segment.start, segment.end);
  // "shares F5 Agreement-not-specific with …" shares: a negation inside a factor's wording is not one.
  const share =
    patterns.SHARE.test(body) &&
    !patterns.SHARES_OTHER.test(body) &&
    !patterns.SHARES_NOTHING.test(withoutSpans(text, segment, inside));
  const comments = inside.length === 0 && cues.length > 0;
  return {
    segment,
    mentions: inside,
    cues: segmentCues,
    negated,
    forwardNegated: negatedLikeness,
    // Only a clause without mentions but with case words comments on others (attribution rule 3).
    affirms: comments && patterns.AFFIRMS.test(body),
    opensWithUnlike: patterns.OPENS_WITH_UNLIKE.test(body),
    opensWithReason: patterns.OPENS_WITH_REASON.test(body),
    elliptical: comments && patterns.ELLIPTICAL.test(withoutSpans(text, segment, cues)),
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
      if (existing) {
        // "TSC2 lacks F8, the defendant there having gained nothing": a later "there" for a case
        // named with a negation bound to it refers back to it, and the negation stays.
        if (existing.negated && cue.focus && !cue.negated) continue;
        existing.negated &&= cue.negated;
        if (!existing.negated) delete existing.negatedBy;
      } else {
        const entry: Entry = { case: caseId, negated: cue.negated, rule: 'case.own-case-words' };
        if (cue.negatedBy) entry.negatedBy = cue.negatedBy;
        entries.push(entry);
      }
    }
  }
  return entries;
}

/**
 * Whether the words of `segment` affirm on their own (an additive, "had the same factor", "has it"),
 * for a segment `segmentFacts` does not ask it of (one without case words): "and TSC2, which the
 * defendant won, had the same factor".
 */
export function affirmsOnItsOwn(text: string, segment: Span, lexicon: Lexicon): boolean {
  return patternsOf(lexicon).AFFIRMS.test(text.slice(segment.start, segment.end));
}

/**
 * `forwardNegated` with the F18 paraphrases whose clause denies the likeness right after them ("the
 * knock-off differed in several features"), as `negation.likeness-denied`; the same map when none.
 */
function likenessDenied(
  patterns: Patterns,
  text: string,
  segment: Span,
  inside: readonly FoundMention[],
  forwardNegated: ReadonlyMap<FoundMention, RuleName>,
): ReadonlyMap<FoundMention, RuleName> {
  let result: Map<FoundMention, RuleName> | null = null;
  for (const mention of inside) {
    if (mention.factor !== 'F18' || mention.style !== 'paraphrase' || forwardNegated.has(mention)) continue;
    if (!patterns.LIKENESS_DENIED.test(text.slice(mention.end, Math.min(segment.end, mention.end + 40))))
      continue;
    result ??= new Map(forwardNegated);
    result.set(mention, 'negation.likeness-denied');
  }
  return result ?? forwardNegated;
}
