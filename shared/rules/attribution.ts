import type { CaseId } from '../vocabulary.ts';
import { precedentInFocus, type ResolvedCue } from './case-references.ts';
import type { HypotheticalWord } from './hypotheticals.ts';
import { type Entry, type SegmentFacts, segmentFacts } from './segment-facts.ts';
import type { Segment } from './segments.ts';
import type { Sentence, Span } from './sentences.ts';
import type { FoundMention, RulesPolarity } from './types.ts';

/** A sentence with its segments. */
export interface SegmentedSentence extends Sentence {
  segments: readonly Segment[];
}

/** One (case, polarity) reading of a mention; `case: null` when the text does not say which case. */
export interface Attribution {
  case: CaseId | null;
  polarity: RulesPolarity;
}

export interface AttributedMention {
  mention: FoundMention;
  attributions: Attribution[];
}

function within(span: Span, position: number): boolean {
  return position >= span.start && position < span.end;
}

function flip(polarity: RulesPolarity): RulesPolarity {
  if (polarity === 'asserted') return 'negated';
  if (polarity === 'negated') return 'asserted';
  return polarity;
}

/** The polarity a mention takes over its main readings: asserted if one is, else negated if one is. */
function overall(attributions: readonly Attribution[]): RulesPolarity {
  if (attributions.some((reading) => reading.polarity === 'asserted')) return 'asserted';
  if (attributions.some((reading) => reading.polarity === 'negated')) return 'negated';
  return 'hypothetical';
}

/** The attribution rules that need the text and the resolved case words of the whole answer. */
class SentenceReader {
  constructor(
    private readonly text: string,
    private readonly cues: readonly ResolvedCue[],
  ) {}

  /**
   * A sharing statement relates a precedent to the current case: "TSC2 shares F16" adds the
   * current case; "which shares F16 with the input case" adds the precedent spoken of before;
   * "the shared factors are …" means the current case and the precedent in focus.
   */
  shared(
    facts: SegmentFacts,
    entries: Entry[],
    earlier: readonly SegmentFacts[],
    paragraph: number,
  ): Entry[] {
    if (!facts.share) return entries;
    const cases = new Set(entries.map((entry) => entry.case));
    if (cases.size >= 2 || cases.has(null)) return entries;
    if (cases.size === 0)
      return [
        { case: 'current', negated: false },
        { case: this.focus(facts, earlier, paragraph), negated: false },
      ];
    if (cases.has('current'))
      return [...entries, { case: this.focus(facts, earlier, paragraph), negated: false }];
    return [...entries, { case: 'current', negated: false }];
  }

  /** The precedent a sharing statement relates to the current case: the last named before it, else the one in focus. */
  private focus(facts: SegmentFacts, earlier: readonly SegmentFacts[], paragraph: number): CaseId | null {
    return (
      [...earlier]
        .reverse()
        .flatMap((other) => other.cues.filter((cue) => cue.relation === 'plain'))
        .flatMap((cue) => cue.cases)
        .find((caseId) => caseId === 'tsc1' || caseId === 'tsc2') ??
      precedentInFocus(this.cues, paragraph, facts.segment.start)
    );
  }

  /** The case a relative clause after this segment refers back to: its last case word ("unlike TSC2, where …"). */
  antecedent(facts: SegmentFacts): CaseId | null | undefined {
    return facts.cues
      .filter((cue) => !cue.negated)
      .at(-1)
      ?.cases.at(-1);
  }

  /**
   * The case of a mention listed in parentheses right after a case word — "the input case (F2,
   * F7)", "TSC1 (F4 and F15)" — or undefined when the mention is not so placed.
   */
  parentheticalCase(facts: SegmentFacts, mention: FoundMention): Entry[] | undefined {
    const before = this.text.slice(facts.segment.start, mention.start);
    const open = before.lastIndexOf('(');
    if (open === -1 || before.indexOf(')', open) !== -1) return undefined;
    const head = facts.segment.start + before.slice(0, open).trimEnd().length;
    const cue = this.cues.find((candidate) => candidate.end === head);
    return cue ? cue.cases.map((caseId) => ({ case: caseId, negated: false })) : undefined;
  }

  /** Up to 20 characters of the text before `position`, not before `from`. */
  before(position: number, from: number): string {
    return this.text.slice(Math.max(from, position - 20), position);
  }

  /** Whether the segment is nothing but mentions and list punctuation ("F4, F6"). */
  bareList(facts: SegmentFacts): boolean {
    let rest = this.text.slice(facts.segment.start, facts.segment.end);
    for (const mention of [...facts.mentions].reverse())
      rest =
        rest.slice(0, mention.start - facts.segment.start) + rest.slice(mention.end - facts.segment.start);
    return /^[\s,;*()/&]*(?:(?:and|or)[\s,;*()/&]*)?$/i.test(rest);
  }

  /** Lead-in of a list ("Factors present in TSC1 but not in the input case:"): its cases, as entries. */
  leadIn(all: readonly SegmentFacts[], paragraph: number): Entry[] {
    const entries: Entry[] = [];
    for (const [index, facts] of all.entries()) {
      const own = this.shared(facts, facts.plain, all.slice(0, index), paragraph);
      for (const entry of own) entries.push({ case: entry.case, negated: entry.negated || facts.negated });
    }
    return entries;
  }
}

/** A mention's readings for its main cases: hypothetical inside a condition, else negated or asserted. */
function readings(
  facts: SegmentFacts,
  mention: FoundMention,
  main: readonly Entry[],
  inheritedNegation: boolean,
): Attribution[] {
  const hypothetical = facts.hypothetical.some((span) => within(span, mention.start));
  const negatedHere = facts.forwardNegated.has(mention);
  return main.map((entry) => ({
    case: entry.case,
    polarity: hypothetical
      ? 'hypothetical'
      : entry.negated || facts.negated || negatedHere || inheritedNegation
        ? 'negated'
        : 'asserted',
  }));
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
 * Whether a segment ends the reach of "as in TSC1" before it: a contrast, ";", a dash or a second
 * reason (", and because the plaintiff itself had published …") — but not an "unlike" aside ("The
 * input case, like TSC1 but unlike TSC2, involves F7").
 */
function startsGroup(facts: SegmentFacts): boolean {
  if (facts.opensWithUnlike) return false;
  return (
    facts.segment.opener === 'contrast' ||
    facts.segment.opener === 'punctuation' ||
    (facts.segment.opener === 'and' && facts.opensWithReason)
  );
}

function put(attributions: Attribution[], reading: Attribution): void {
  const index = attributions.findIndex((existing) => existing.case === reading.case);
  if (index === -1) attributions.push(reading);
  else attributions[index] = reading;
}

const NO_CASES: ReadonlySet<CaseId | null> = new Set();
const WITH_BEFORE = /\bwith\s+$/i;

/** The cases a sharing segment names after "with" ("shares F10 with the input case"): the partners, not the subject. */
function sharePartners(reader: SentenceReader, facts: SegmentFacts | undefined): ReadonlySet<CaseId | null> {
  if (!facts?.share) return NO_CASES;
  return new Set(
    facts.cues
      .filter((cue) => WITH_BEFORE.test(reader.before(cue.start, facts.segment.start)))
      .flatMap((cue) => cue.cases),
  );
}

/**
 * The index of the sharing statement a colon segment lists the factors of ("Shared with TSC1:"),
 * past relative clauses without factors ("…, where the plaintiff won:"), or undefined.
 */
function sharingLead(all: readonly SegmentFacts[], index: number): number | undefined {
  let lead = index - 1;
  while (lead > 0 && all[lead]?.segment.opener === 'relative' && all[lead]?.mentions.length === 0) lead -= 1;
  const sharing = all[lead];
  return sharing?.share && sharing.mentions.length === 0 ? lead : undefined;
}

/** The main cases of each segment with mentions (rule 2 of `attributeMentions`); null for the others. */
function mainCases(
  reader: SentenceReader,
  all: readonly SegmentFacts[],
  paragraph: number,
  leadIn: Entry[] | null,
): { mains: Array<Entry[] | null>; inherited: boolean[] } {
  const firstWithMentions = all.findIndex((facts) => facts.mentions.length > 0);
  const mains: Array<Entry[] | null> = all.map(() => null);
  const inherited: boolean[] = all.map(() => false);
  for (const [index, facts] of all.entries()) {
    if (facts.mentions.length === 0) continue;
    const earlier = all.slice(0, index);
    if (facts.plain.length > 0 || facts.share) {
      mains[index] = reader.shared(facts, facts.plain, earlier, paragraph);
      continue;
    }
    const previous = all[index - 1];
    // "Shared with TSC1: F4, F21", "The input case shares four features with TSC1, where the
    // plaintiff won: …": what follows the colon is shared by both cases.
    const lead = facts.segment.opener === 'colon' ? sharingLead(all, index) : undefined;
    if (lead !== undefined) {
      const sharing = all[lead] as SegmentFacts;
      mains[index] = reader.shared(sharing, sharing.plain, all.slice(0, lead), paragraph);
      continue;
    }
    // "The input case, unlike TSC1, involves F27: the plaintiff presented …": after a colon, the
    // cases the clause before asserted its factors for, when it had factors.
    const previousMain = mains[index - 1]?.filter((entry) => !entry.negated);
    if (facts.segment.opener === 'colon' && previous?.opensWithUnlike && previousMain?.length) {
      mains[index] = previousMain.map((entry) => ({ case: entry.case, negated: false }));
      continue;
    }
    // "…, and in each a developer delivered it to the defendant, which thereby compressed …": a
    // relative clause after "in each" / "both cases" speaks of both.
    const lastCue = previous?.cues.filter((cue) => !cue.negated).at(-1);
    if (facts.segment.opener === 'relative' && lastCue?.pair && lastCue.cases.length > 1) {
      mains[index] = lastCue.cases.map((caseId) => ({ case: caseId, negated: false }));
      continue;
    }
    const antecedent = previous ? reader.antecedent(previous) : undefined;
    if (
      (facts.segment.opener === 'relative' || facts.segment.opener === 'colon') &&
      antecedent !== undefined
    ) {
      mains[index] = [{ case: antecedent, negated: false }];
      continue;
    }
    if (index === firstWithMentions) {
      const leading = earlier.flatMap((other) => other.plain);
      if (leading.length > 0) {
        mains[index] = leading;
        continue;
      }
    } else {
      const beforeIndex = mains.slice(0, index).findLastIndex((main) => main !== null);
      const before = mains[beforeIndex];
      if (before) {
        // "… which shares F10 with the input case and also featured F23": the subject only.
        const partners = facts.segment.secondPredicate ? sharePartners(reader, all[beforeIndex]) : NO_CASES;
        // "TSC2 involved F20, absent here, and a plaintiff that …": the cases the clause asserted.
        const asserted = before.filter((entry) => !entry.negated);
        const subject = (asserted.length > 0 ? asserted : before).filter(
          (entry) => !partners.has(entry.case),
        );
        mains[index] = (subject.length > 0 ? subject : before).map((entry) => ({
          case: entry.case,
          negated: false,
        }));
        continue;
      }
    }
    const following = reader.bareList(facts)
      ? all.slice(index + 1).find((other) => other.plain.length > 0)
      : undefined;
    if (following) {
      mains[index] = following.plain;
      inherited[index] = following.negated;
      continue;
    }
    mains[index] = leadIn ?? [{ case: 'current', negated: false }];
  }
  return { mains, inherited };
}

/** Each mention's readings from its segment's main cases, then its "unlike" and "as in" cases (rules 4, 5). */
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
    const comparatives = all
      .slice(groupStart, groupEnd)
      .flatMap((other) => other.cues.filter((cue) => cue.relation === 'comparative'));
    const presupposed = facts.cues.filter((cue) => cue.relation === 'presupposed');
    const unlikes = facts.cues.filter((cue) => cue.relation === 'unlike');
    for (const mention of facts.mentions) {
      const listed = reader.parentheticalCase(facts, mention);
      const attributions = readings(facts, mention, listed ?? main, inherited[index] ?? false);
      const polarity = overall(attributions);
      for (const cue of unlikes)
        for (const caseId of cue.cases) {
          // "unlike the defendant in TSC2 (F26)": the code labels TSC2 itself.
          if (listed?.some((entry) => entry.case === caseId)) continue;
          put(attributions, { case: caseId, polarity: flip(polarity) });
        }
      for (const cue of comparatives) {
        for (const caseId of cue.cases) {
          if (attributions.some((reading) => reading.case === caseId)) continue;
          attributions.push({ case: caseId, polarity: polarity === 'negated' ? 'negated' : 'asserted' });
        }
      }
      // "Neither precedent involved a deceptive scheme like the one here": the thing compared is
      // there, whatever is denied of the others.
      for (const cue of presupposed)
        for (const caseId of cue.cases)
          put(attributions, { case: caseId, polarity: polarity === 'hypothetical' ? polarity : 'asserted' });
      read.set(mention, attributions);
    }
  }
  return read;
}

/** Segments without mentions but with case words add readings to the mentions just before them (rule 3). */
function applyTrailingSegments(all: readonly SegmentFacts[], read: Map<FoundMention, Attribution[]>): void {
  const firstWithMentions = all.findIndex((facts) => facts.mentions.length > 0);
  if (firstWithMentions === -1) return;
  for (const [index, facts] of all.entries()) {
    if (facts.mentions.length > 0 || facts.cues.length === 0 || index < firstWithMentions) continue;
    // "… and the precedents (TSC1: F16, F24 …": a case word before a colon introduces what follows.
    if (all[index + 1]?.segment.opener === 'colon') continue;
    const target = all.slice(0, index).findLast((other) => other.mentions.length > 0);
    if (!target) continue;
    // After ";", a dash, ", and" or a contrast, a clause that neither negates nor affirms on its own
    // nor leaves its statement to the one before ("but not in TSC1") is a new statement ("…; in TSC1
    // the defendant won because …", "but only TSC2 was won by the plaintiff").
    const opener = facts.segment.opener;
    const statesOwn =
      facts.negated || facts.cues.some((cue) => cue.negated) || facts.affirms || facts.elliptical;
    const aside = facts.cues.some((cue) => cue.relation !== 'plain');
    // After a colon, too: "the input case involves no F12: the disclosures here were unrestricted"
    // explains the statement, it does not say F12 of the input case again.
    if (
      (opener === 'punctuation' || opener === 'and' || opener === 'contrast' || opener === 'colon') &&
      !statesOwn &&
      !aside
    )
      continue;
    const contrast = facts.segment.opener === 'contrast';
    for (const mention of target.mentions) {
      const attributions = read.get(mention);
      if (!attributions) continue;
      const polarity = overall(attributions);
      for (const cue of facts.cues) {
        if (cue.pair && facts.cues.length > 1) continue;
        const negated = cue.negated || facts.negated;
        let reading: RulesPolarity;
        if (cue.relation === 'comparative') reading = polarity === 'negated' ? 'negated' : 'asserted';
        else if (cue.relation === 'presupposed') reading = 'asserted';
        else if (cue.relation === 'unlike') reading = negated ? 'negated' : flip(polarity);
        // "… although TSC1 also has it", "whereas TSC2 does": the contrast affirms on its own;
        // "…, but TSC2" (nothing of its own) means the opposite of what was just said.
        else if (contrast) reading = negated ? 'negated' : facts.affirms ? 'asserted' : flip(polarity);
        // "No such break-in occurred in TSC1 or TSC2": a bare "or TSC2" shares the statement's polarity.
        else if (facts.elliptical && !facts.affirms) reading = negated ? 'negated' : polarity;
        else reading = negated ? 'negated' : 'asserted';
        for (const caseId of cue.cases) put(attributions, { case: caseId, polarity: reading });
      }
    }
  }
}

/**
 * Attaches cases and polarity to every mention, sentence by sentence, segment by segment:
 *
 * 1. A segment's own plain case words decide ("In TSC1 the product was unique (F15)"); a negation
 *    bound to one of them negates that case only ("present in TSC1 but not in the input case"); a
 *    sharing verb adds the partner case ("TSC2 shares F16" → also the current case).
 * 2. A mention in parentheses right after a case word belongs to it ("the input case (F2, F7)").
 *    Without case words of its own, a relative clause or what follows a colon takes the case
 *    named just before it ("TSC2, which also involved F1", "TSC1: F16, F24"); the first segment
 *    with mentions takes the case words of the segments before it ("TSC1 is distinguishable: its
 *    product was unique (F15)"); a later one the cases of the last segment with mentions; a bare
 *    list takes the cases (and negation) of the segment after it ("F4, F6 and F10 are absent from
 *    the input case"); a list item takes its lead-in's cases; otherwise the statement is about the
 *    current case — in a 3-ply argument "the defendant" with no case word is the defendant of the
 *    case being argued.
 * 3. A segment without mentions but with case words speaks of the mentions just before it (unless
 *    a colon follows it: then it introduces what comes next): "which the input case lacks",
 *    "neither of which happened in the input case", "but both are present in the input case" (a
 *    contrast flips the polarity unless it negates or affirms itself); after ";", a dash, ", and" or
 *    a contrast, only when it negates or affirms on its own or is elliptical ("; our case lacks it",
 *    "and TSC2 has it too", "but not in TSC1") — not "but only TSC2 was won by the plaintiff".
 * 4. "as in TSC1" / "like the input case" extend a statement to that case, within the sentence up
 *    to the next contrast, ";" or dash; "unlike TSC2" gives that case the opposite polarity.
 * 5. A negation word anywhere in the segment (outside mentions) negates; a condition or general law
 *    makes the mention `hypothetical`.
 */
export function attributeMentions(
  text: string,
  sentences: readonly SegmentedSentence[],
  mentions: readonly FoundMention[],
  cues: readonly ResolvedCue[],
  negations: readonly Span[],
  hypotheticalWords: readonly HypotheticalWord[],
): AttributedMention[] {
  const reader = new SentenceReader(text, cues);
  const result: AttributedMention[] = [];
  const mentionsOf = sentenceSlicer(mentions);
  const cuesOf = sentenceSlicer(cues);
  const negationsOf = sentenceSlicer(negations);
  const hypotheticalsOf = sentenceSlicer(hypotheticalWords);
  let leadIn: Entry[] | null = null;
  for (const [sentenceIndex, sentence] of sentences.entries()) {
    const inSentence = mentionsOf(sentence);
    const sentenceCues = cuesOf(sentence);
    const sentenceNegations = negationsOf(sentence);
    const sentenceHypotheticals = hypotheticalsOf(sentence);
    const all = sentence.segments.map((segment) =>
      segmentFacts(text, segment, inSentence, sentenceCues, sentenceNegations, sentenceHypotheticals),
    );
    if (!sentence.bulletLine) leadIn = null;
    const { mains, inherited } = mainCases(reader, all, sentence.paragraph, leadIn);
    const read = readMentions(reader, all, mains, inherited);
    applyTrailingSegments(all, read);
    for (const mention of inSentence) result.push({ mention, attributions: read.get(mention) ?? [] });

    const next = sentences[sentenceIndex + 1];
    if (sentence.endsWithColon && next?.bulletLine && next.lineStart) {
      const entries = reader.leadIn(all, sentence.paragraph);
      leadIn = entries.length > 0 ? entries : null;
    }
  }
  return result;
}
