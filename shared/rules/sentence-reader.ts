import type { CaseId } from '../vocabulary.ts';
import { markListCases } from './case-marks.ts';
import { precedentInFocus, type ResolvedCue } from './case-references.ts';
import type { Lexicon } from './lexicon.ts';
import type { Entry, SegmentFacts } from './segment-facts.ts';
import { tableRowCases } from './table-rows.ts';
import type { FoundMention } from './types.ts';

// Between case words: only list or heading markup, the signs of likeness or joining, or "and".
const JOINED_CASES = /^[\s\d.)*_#>\-–—]*(?:[\s~=≈&+/]+|\s+and\s+)\s*$/i;

/**
 * What the case rules need of the whole answer: its text and its resolved case words. (A class
 * rather than closures: the tsx runtime wraps every named closure it creates, at a cost per call.)
 */
export class SentenceReader {
  constructor(
    readonly text: string,
    private readonly cues: readonly ResolvedCue[],
    private readonly lexicon: Lexicon,
  ) {}

  /** The cases of a mention in a row of a table of factors by case (`case.table-row`), or undefined. */
  tableCase(mention: FoundMention): Entry[] | undefined {
    return tableRowCases(this.text, this.cues, mention.start, this.lexicon);
  }

  /** The cases of a mention that a mark list after its colon decides (`case.mark-list`), or undefined. */
  markCase(mention: FoundMention): Entry[] | undefined {
    return markListCases(this.text, this.cues, mention.end, this.lexicon);
  }

  /**
   * A sharing statement relates a precedent to the current case: "TSC2 shares F16" adds the
   * current case; "which shares F16 with the input case" adds the precedent spoken of before;
   * "the shared factors are …" means the current case and the precedent in focus. The cases added
   * are `case.shared-with` entries.
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
    const partner = (caseId: CaseId | null): Entry => ({
      case: caseId,
      negated: false,
      rule: 'case.shared-with',
    });
    if (cases.size === 0) return [partner('current'), partner(this.focus(facts, earlier, paragraph))];
    if (cases.has('current')) return [...entries, partner(this.focus(facts, earlier, paragraph))];
    return [...entries, partner('current')];
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
   * The cases of a segment that is nothing but case words joined by signs or "and" ("TSC1 ~
   * current", "current = TSC1", "TSC1 & here"), with list or heading markup before them; else
   * undefined. What follows its colon is said of all of them.
   */
  joinedCases(facts: SegmentFacts): Array<CaseId | null> | undefined {
    const { start, end } = facts.segment;
    const inside = this.cues.filter((cue) => cue.start >= start && cue.end <= end);
    if (inside.length < 2 || facts.cues.some((cue) => cue.negated || cue.relation !== 'plain'))
      return undefined;
    let rest = '';
    let from = start;
    for (const cue of inside) {
      rest += `${this.text.slice(from, cue.start)} `;
      from = cue.end;
    }
    rest += this.text.slice(from, end);
    return JOINED_CASES.test(rest) ? inside.flatMap((cue) => cue.cases) : undefined;
  }

  /**
   * The case of a mention listed in parentheses right after a case word — "the input case (F2,
   * F7)", "TSC1 (F4 and F15)" — as `case.parenthetical` entries, or undefined when the mention is
   * not so placed.
   */
  parentheticalCase(facts: SegmentFacts, mention: FoundMention): Entry[] | undefined {
    const before = this.text.slice(facts.segment.start, mention.start);
    const open = before.lastIndexOf('(');
    if (open === -1 || before.indexOf(')', open) !== -1) return undefined;
    const head = facts.segment.start + before.slice(0, open).trimEnd().length;
    const cue = this.cues.find((candidate) => candidate.end === head);
    // "TSC1 ≈ cur. (F4; F14)": after case words joined by a sign, the parenthesis lists for each.
    const joined = cue ? this.joinedBefore(facts.segment.start, head) : undefined;
    if (joined) return joined.map((caseId) => ({ case: caseId, negated: false, rule: 'case.parenthetical' }));
    return cue
      ? cue.cases.map((caseId) => ({ case: caseId, negated: false, rule: 'case.parenthetical' }))
      : undefined;
  }

  /** The cases of [from, to) when it is nothing but two or more case words joined by signs or "and". */
  private joinedBefore(from: number, to: number): Array<CaseId | null> | undefined {
    const inside = this.cues.filter((cue) => cue.start >= from && cue.end <= to);
    if (inside.length < 2) return undefined;
    let rest = '';
    let at = from;
    for (const cue of inside) {
      rest += `${this.text.slice(at, cue.start)} `;
      at = cue.end;
    }
    rest += this.text.slice(at, to);
    return JOINED_CASES.test(rest) ? inside.flatMap((cue) => cue.cases) : undefined;
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

  /** Lead-in of a list ("Factors present in TSC1 but not in the input case:"): its cases, as `case.list-lead-in` entries. */
  leadIn(all: readonly SegmentFacts[], paragraph: number): Entry[] {
    const entries: Entry[] = [];
    for (const [index, facts] of all.entries()) {
      const own = this.shared(facts, facts.plain, all.slice(0, index), paragraph);
      for (const entry of own) {
        const negated = entry.negated || facts.negated;
        const negatedBy = entry.negatedBy ?? (facts.negated ? 'negation.clause' : undefined);
        entries.push({
          case: entry.case,
          negated,
          rule: 'case.list-lead-in',
          ...(negated && negatedBy ? { negatedBy } : {}),
        });
      }
    }
    return entries;
  }
}
