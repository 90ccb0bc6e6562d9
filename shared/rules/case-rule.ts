import type { NamedRule } from './named-rule.ts';
import type { Entry, SegmentFacts } from './segment-facts.ts';
import type { SentenceReader } from './sentence-reader.ts';

// The shape of a case rule, shared by the case table (case-attribution.ts) and the distinction
// tried first in it (comparison.ts, `A_BUT_NOT_B`): a module of its own so neither imports the other for it.

/** What a case rule sees: the sentence's segments, the one being read, and the cases decided before it. */
export interface CaseContext {
  reader: SentenceReader;
  all: readonly SegmentFacts[];
  index: number;
  facts: SegmentFacts;
  /** The main cases decided for the segments before this one (null: a segment without mentions). */
  mains: ReadonlyArray<Entry[] | null>;
  paragraph: number;
  /** The cases of a list's lead-in ("Both cases involve:") for a bullet line, else null. */
  leadIn: Entry[] | null;
  firstWithMentions: number;
}

/** A case rule's decision: the segment's main cases, and whether the negation of a later clause reaches it. */
export interface CaseDecision {
  entries: Entry[];
  inheritedNegation?: boolean;
}

export interface CaseRule extends NamedRule {
  /** The main cases of the segment, or undefined when the rule does not apply (the next is tried). */
  decide(context: CaseContext): CaseDecision | undefined;
}
