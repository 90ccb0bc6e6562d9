import type { CaseContext, CaseRule } from './case-rule.ts';
import { A_BUT_NOT_B } from './comparison.ts';
import type { NamedRule } from './named-rule.ts';
import type { Entry, SegmentFacts } from './segment-facts.ts';
import type { SentenceReader } from './sentence-reader.ts';
import type { RuleName } from './types.ts';

const NO_CASES: ReadonlySet<unknown> = new Set();
const OPENING_PRONOUN = /^\W*(?:it|they|he|she)\b/i;
const WITH_BEFORE = /\bwith\s+$/i;
const DASH_OPENS = /^[\s*_]*[—–-]/;
const SEMICOLON_BEFORE = /^[\s*_]*;/;

/** The cases a sharing segment names after "with" ("shares F10 with the input case"): the partners, not the subject. */
function sharePartners(reader: SentenceReader, facts: SegmentFacts | undefined): ReadonlySet<unknown> {
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

/** `entries` as asserted entries of `rule`. */
function asserted(entries: readonly Entry[], rule: RuleName): Entry[] {
  return entries.map((entry) => ({ case: entry.case, negated: false, rule }));
}

/**
 * The main cases of a segment with mentions: which case(s) its statement is about. The rules, in
 * order; the first that applies decides. ("Main": an "as in TSC1" or "unlike TSC2" in the same
 * clause adds its own reading after these, `COMPARISON_RULES`; a mention in parentheses after a
 * case word belongs to it, `case.parenthetical`.)
 */
export const CASE_RULES = [
  A_BUT_NOT_B,
  {
    name: 'case.shared-with',
    says: 'A sharing statement ("shares", "in common") relates a precedent to the current case: "TSC2 shares F16" is about TSC2 and the current case; "which shares F16 with the input case" adds the precedent spoken of before; "the shared factors are …" means the current case and the precedent in focus.',
    example: 'TSC2 shares F16 Info-reverse-engineerable (D).',
    decide({ reader, all, index, facts, paragraph }) {
      if (!facts.share) return undefined;
      const entries = reader.shared(facts, facts.plain, all.slice(0, index), paragraph);
      return entries === facts.plain ? undefined : { entries };
    },
  },
  {
    name: 'case.own-case-words',
    says: 'A clause with case words of its own is about those cases ("In TSC1 the product was unique"); "both" is set aside when two cases are named, and the case being distinguished when another is named positively ("TSC1 is distinguishable because the plaintiff here …" speaks of the current case).',
    example: 'In TSC1 the defendant signed a nondisclosure agreement.',
    decide: ({ facts }) => (facts.plain.length > 0 ? { entries: facts.plain } : undefined),
  },
  {
    name: 'case.shared-list',
    says: 'What follows the colon of a sharing statement without factors of its own ("Shared with TSC1:", "The input case shares four features with TSC1, where the plaintiff won:") is shared by both cases.',
    example: 'Shared with TSC1: F4, F21.',
    decide({ reader, all, index, facts, paragraph }) {
      if (facts.segment.opener !== 'colon') return undefined;
      const lead = sharingLead(all, index);
      const sharing = lead === undefined ? undefined : all[lead];
      if (lead === undefined || !sharing) return undefined;
      return {
        entries: asserted(
          reader.shared(sharing, sharing.plain, all.slice(0, lead), paragraph),
          'case.shared-list',
        ),
      };
    },
  },
  {
    name: 'case.colon-after-unlike',
    says: 'After "X, unlike Y, involves F27:", what follows the colon speaks of the cases the clause before asserted its factors for (X).',
    example: 'The input case, unlike TSC1, involves F27: the plaintiff presented the design at a fair.',
    decide({ all, index, facts, mains }) {
      const previousMain = mains[index - 1]?.filter((entry) => !entry.negated);
      if (facts.segment.opener !== 'colon' || !all[index - 1]?.opensWithUnlike || !previousMain?.length)
        return undefined;
      return { entries: asserted(previousMain, 'case.colon-after-unlike') };
    },
  },
  {
    name: 'case.relative-after-pair',
    says: 'A relative clause after "in each" or "both cases" speaks of both.',
    example:
      'In each a developer delivered the code to the defendant, which thereby compressed its schedule.',
    decide({ all, index, facts }) {
      const lastCue = all[index - 1]?.cues.filter((cue) => !cue.negated).at(-1);
      if (facts.segment.opener !== 'relative' || !lastCue?.pair || lastCue.cases.length < 2) return undefined;
      return {
        entries: lastCue.cases.map((caseId) => ({
          case: caseId,
          negated: false,
          rule: 'case.relative-after-pair',
        })),
      };
    },
  },
  {
    name: 'case.relative-antecedent',
    says: 'A relative clause or what follows a colon, without case words of its own, takes the case named just before it ("TSC2, which also involved F1", "TSC1: F16, F24"); what follows a dash after a clause with case words but without factors takes all that clause\'s cases ("TSC2 (won by the defendant) — F4 but F5", "cur. ≈ TSC1 — F4, F6 both"); after case words joined by a sign or "and" ("TSC1 ~ current: F3, F5") it takes them all.',
    example: 'Cite TSC2, a defendant win, which also involved F1 and F10.',
    decide({ reader, all, index, facts }) {
      const previous = all[index - 1];
      // A dash after case words with no factor of their own introduces what is said of them, as a
      // colon does (shorthand notes: "TSC2 (pro-defendant) — F4 but F5").
      const labelled =
        previous !== undefined &&
        previous.mentions.length === 0 &&
        previous.cues.length > 0 &&
        DASH_OPENS.test(reader.text.slice(previous.segment.end, facts.segment.end));
      const labels = labelled ? previous.plain.filter((entry) => !entry.negated) : [];
      if (labels.length > 0) return { entries: asserted(labels, 'case.relative-antecedent') };
      // "TSC1 ~ current: F3, F5": what follows the colon of joined case words is said of each.
      const joined = previous && facts.segment.opener === 'colon' ? reader.joinedCases(previous) : undefined;
      if (joined)
        return {
          entries: joined.map((caseId) => ({
            case: caseId,
            negated: false,
            rule: 'case.relative-antecedent',
          })),
        };
      const antecedent = previous ? reader.antecedent(previous) : undefined;
      if (
        (facts.segment.opener !== 'relative' && facts.segment.opener !== 'colon') ||
        antecedent === undefined
      )
        return undefined;
      return { entries: [{ case: antecedent, negated: false, rule: 'case.relative-antecedent' }] };
    },
  },
  {
    name: 'case.opening-case-words',
    says: 'The first clause with factors takes the case words of the clauses before it in the sentence ("In TSC1 — as the defendant concedes — the product was unique"); after an opening subordinate clause a pronoun subject takes only that clause\'s subject ("Although the input case shares no factor with TSC1, it presents F6": the current case).',
    example: 'In TSC1 — as the defendant concedes — the product was unique (F15).',
    decide({ reader, all, index, facts, firstWithMentions }) {
      if (index !== firstWithMentions) return undefined;
      const leading = all.slice(0, index).flatMap((other) => other.plain);
      if (leading.length === 0) return undefined;
      // "Although the input case shares no factor with TSC1, it presents F6": after an opening
      // subordinate clause, a pronoun subject is that clause's subject, its first case.
      const pronoun =
        facts.segment.opener === 'resume' &&
        OPENING_PRONOUN.test(reader.text.slice(facts.segment.start, facts.segment.end));
      // A negation bound to a case word of an earlier clause does not reach past a ";": "Our
      // defendant never tested a bottle; it simply lied its way in" asserts the deception.
      const afterSemicolon = SEMICOLON_BEFORE.test(
        reader.text.slice(all[index - 1]?.segment.end ?? facts.segment.start, facts.segment.start + 1),
      );
      return {
        entries: (pronoun ? leading.slice(0, 1) : leading).map((entry) =>
          afterSemicolon && entry.negated
            ? { case: entry.case, negated: false, rule: 'case.opening-case-words' }
            : { ...entry, rule: 'case.opening-case-words' },
        ),
      };
    },
  },
  {
    name: 'case.previous-clause',
    says: 'A later clause without case words takes the cases the clause before it asserted its factors for ("TSC2 involved F20, absent here, and a plaintiff that …": TSC2); a second predicate after a sharing statement belongs to its subject alone ("TSC1, which shares F10 with the input case and also featured F23": TSC1).',
    example: 'TSC2 involved F20, absent here, and a plaintiff that had published the formula.',
    decide({ reader, all, index, mains, firstWithMentions }) {
      if (index === firstWithMentions) return undefined;
      const beforeIndex = mains.slice(0, index).findLastIndex((main) => main !== null);
      const before = mains[beforeIndex];
      if (!before) return undefined;
      const partners = all[index]?.segment.secondPredicate
        ? sharePartners(reader, all[beforeIndex])
        : NO_CASES;
      const kept = before.filter((entry) => !entry.negated);
      const subject = (kept.length > 0 ? kept : before).filter((entry) => !partners.has(entry.case));
      return { entries: asserted(subject.length > 0 ? subject : before, 'case.previous-clause') };
    },
  },
  {
    name: 'case.list-before-case-words',
    says: 'A bare list of factors takes the cases, and the negation, of the clause after it ("F4, F6 and F10 are absent from the input case").',
    example: 'F4 and F6 — with F10 — are absent from the input case.',
    decide({ reader, all, index, facts }) {
      const following = reader.bareList(facts)
        ? all.slice(index + 1).find((other) => other.plain.length > 0)
        : undefined;
      if (!following) return undefined;
      return {
        entries: following.plain.map((entry) => ({ ...entry, rule: 'case.list-before-case-words' })),
        inheritedNegation: following.negated,
      };
    },
  },
  {
    name: 'case.list-lead-in',
    says: 'A list item without case words takes the cases of its lead-in ("Both cases involve:" before bullets); a bare list of factors under a heading with case words ("### TSC1 (P)") takes the heading\'s cases.',
    example: 'Both cases involve:\n- a nondisclosure agreement (F4)',
    decide: ({ leadIn }) => (leadIn ? { entries: leadIn } : undefined),
  },
  {
    name: 'case.default-current',
    says: 'A statement with no case word at all is about the current case: in a 3-ply argument "the defendant" without a case word is the defendant of the case being argued.',
    example: 'The defendant signed a nondisclosure agreement.',
    decide: () => ({ entries: [{ case: 'current', negated: false, rule: 'case.default-current' }] }),
  },
] as const satisfies readonly CaseRule[];

/** The per-mention case rules, documented with the table (`readMentions` applies them). */
export const MENTION_CASE_RULES = [
  {
    name: 'case.parenthetical',
    says: 'A mention in parentheses right after a case word belongs to that case ("the input case (F2, F7)", "TSC1 (F4 and F15)").',
    example: 'The input case (F2, F7) differs from TSC1 (F4).',
  },
  {
    name: 'case.table-row',
    says: 'A factor in a row of a markdown table whose header names a case per column ("| factor | input | TSC1 | TSC2 |") belongs to the columns whose cell marks it present (class table-present: "yes", "✓") and is negated in those marked absent (class table-absent: "no", "✗", "—").',
    example: '| factor | input | TSC1 |\n|---|---|---|\n| F7 | no | yes |',
  },
  {
    name: 'case.table-column',
    says: 'A factor in the header row of a markdown table whose rows are the cases ("| case | F16 | F6 |" over "| TSC2 | ✓ | ✗ |") belongs to the rows whose cell in its column marks it present (class table-present) and is negated in those marked absent (class table-absent); a header cell that names a case, or a table whose rows name none, is left to the other rules.',
    example: '| case | F16 | F6 |\n|---|---|---|\n| TSC2 | ✓ | ✗ |',
  },
  {
    name: 'case.mark-list',
    says: 'A factor followed, after a colon, by nothing but case words each with a mark ("F13 Noncompetition-agreement: Cur. ✓ | T1 ✗", "F2: T1 ✓, Cur. ✗") belongs to the cases marked present (class table-present) and is negated in those marked absent (class table-absent); each mark decides its own case only.',
    example: 'F13 Noncompetition-agreement: Cur. ✓ | T1 ✗',
  },
  {
    name: 'case.trailing-case-words',
    says: 'A clause without factors but with case words speaks of the factors just before it ("and TSC2 has it too", "both of which appeared in TSC1") — unless a colon follows it (then it introduces what comes next) and, after ";", a dash, ", and" or a contrast, only when it negates or affirms on its own or is elliptical; "…; in TSC1 the defendant won because …" is a new statement, and so is a second reported clause ("…; and that the instant case resembles TSC2"), even one that compares cases, and the main clause resumed after an "unlike" aside\'s relative clause ("Unlike the plaintiff in TSC2, which never protected its recipe, the plaintiff here took real care").',
    example: 'The defendant signed an NDA here, and TSC2 has it too.',
  },
  {
    name: 'case.follow-up-sentence',
    says: 'A sentence of case words only, bare or with an additive or a negation and at most four other words ("TSC1 too.", "Same in TSC2.", "Not in TSC2."), speaks of the factors of the sentence just before it in its paragraph, as a trailing clause does.',
    example: 'The defendant here signed an NDA (F4). TSC1 too.',
  },
  {
    name: 'case.elliptical-extension',
    says: 'A bare "or TSC2" after a statement extends it, with its polarity ("No such break-in occurred in TSC1 or TSC2") — not a bare case word with a relative clause after it and a predicate of its own ("…; and TSC2, in which no covenant was signed, cannot govern …"), unless that predicate affirms ("and TSC2, which the defendant won, had the same factor").',
    example: 'No such break-in occurred in TSC1 or TSC2.',
  },
] as const satisfies readonly NamedRule[];

/**
 * The main cases of each segment with mentions (`CASE_RULES`, first that applies), null for the
 * others; and per segment whether the negation of a later clause reaches it.
 */
export function mainCases(
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
    const context: CaseContext = { reader, all, index, facts, mains, paragraph, leadIn, firstWithMentions };
    for (const rule of CASE_RULES as readonly CaseRule[]) {
      const decision = rule.decide(context);
      if (!decision) continue;
      mains[index] = decision.entries;
      inherited[index] = decision.inheritedNegation ?? false;
      break;
    }
  }
  return { mains, inherited };
}
