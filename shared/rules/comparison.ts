import type { CaseId } from '../vocabulary.ts';
import type { CaseContext, CaseDecision } from './case-rule.ts';
import type { NamedRule } from './named-rule.ts';
import type { SegmentCue, SegmentFacts } from './segment-facts.ts';
import type { RuleName, RulesPolarity } from './types.ts';

/** One (case, polarity) reading of a mention, with the rules that produced it (case rule, then polarity rule). */
export interface Attribution {
  case: CaseId | null;
  polarity: RulesPolarity;
  rules: RuleName[];
}

export function flip(polarity: RulesPolarity): RulesPolarity {
  if (polarity === 'asserted') return 'negated';
  if (polarity === 'negated') return 'asserted';
  return polarity;
}

/** The polarity a mention takes over its readings: asserted if one is, else negated if one is. */
export function overall(attributions: readonly Attribution[]): RulesPolarity {
  if (attributions.some((reading) => reading.polarity === 'asserted')) return 'asserted';
  if (attributions.some((reading) => reading.polarity === 'negated')) return 'negated';
  return 'hypothetical';
}

/** Sets the reading of `reading.case`, replacing one there. */
export function put(attributions: Attribution[], reading: Attribution): void {
  const index = attributions.findIndex((existing) => existing.case === reading.case);
  if (index === -1) attributions.push(reading);
  else attributions[index] = reading;
}

/**
 * Comparisons and distinctions: a statement about one case that says something of another — the
 * same ("as in TSC1"), the opposite ("unlike TSC2"), or its absence there ("but not in TSC2", "which
 * the input case lacks"). Each rule gives the other case its reading. In the clause itself:
 */
export const COMPARISON_RULES = [
  {
    name: 'comparison.unlike',
    says: '"Unlike B, A …" (also "is not like B", "in contrast to B", "as opposed to B"): B gets the opposite of what the clause says of A — the factor is absent from B when A has it, present in B when A lacks it.',
    example: 'Unlike TSC2, the input case involves F13.',
  },
  {
    name: 'comparison.as-in',
    says: '"As in B", "like B", "just as in B", "as it did in B": the statement holds in B too, with its polarity; it reaches to the next contrast, ";" or dash, not back into an opening subordinate clause ("Although the agreement was not specific, the defendant knew F21, as in TSC1": F21 only) nor back over ", and that" ("…, and that here, as in TSC2, …").',
    example: 'As in TSC1, the defendant signed a nondisclosure agreement.',
  },
  {
    name: 'comparison.like-the-one-here',
    says: '"A deceptive scheme like the one here": the thing compared exists in that case, whatever the statement denies of the others.',
    example: 'Neither precedent involved a deceptive scheme like the one here.',
  },
  {
    name: 'comparison.distinguishes-a-from-b',
    says: '"X distinguishes A from B" (also "sets A apart from B"), "A is different / distinguishable from B": B lacks X; A has it.',
    example: 'F8 Competitive-advantage (P) distinguishes the input case from TSC1.',
  },
  {
    name: 'comparison.but-not-in',
    says: 'A contrast that names a case and negates ("X in A but not in B", "yet not in TSC1", "though not in TSC2"): B lacks what the statement before gives A.',
    example: 'F15 Unique-product (P) is present in the current case but not in TSC2.',
  },
  {
    name: 'comparison.contrast-affirms',
    says: 'A contrast that affirms on its own ("although TSC1 also has it", "whereas TSC2 does", "but present in TSC2"): that case has the factor too.',
    example: 'The input case lacks F15, whereas TSC2 has it.',
  },
  {
    name: 'comparison.contrast-opposite',
    says: 'A bare contrast with a case word and nothing of its own ("…, but TSC2"): the opposite of what was just said holds there.',
    example: 'F15 is not present in the input case, but in TSC2.',
  },
  {
    name: 'comparison.absent-from',
    says: 'A clause without factors whose case word is negated speaks of the factors just before it: "X, which A lacks", "X, a factor the current case lacks", "X, absent from B", "neither of which happened in the input case" — that case lacks them.',
    example: 'TSC1 involved F20, a pro-defendant factor that the current case lacks.',
  },
] as const satisfies readonly NamedRule[];

// "TSC2, but not the input case, involved …": the clause opens with "but not" and a case word.
const BUT_NOT_OPENING = /^\W*but\s+not\s+$/i;

/**
 * "A, but not B, involved X": a case rule (tried before the clause's own case words, `CASE_RULES`)
 * for a contrast clause that opens with "but not" and a case word right after a clause that is
 * nothing but case words — A has X, B lacks it.
 */
export const A_BUT_NOT_B = {
  name: 'comparison.a-but-not-b',
  says: '"A, but not B, involved X": A has X, B lacks it (tried first among the case rules, before the clause\'s own case words).',
  example: 'TSC2, but not the input case, involved a noncompetition agreement.',
  decide({ reader, all, index, facts }: CaseContext): CaseDecision | undefined {
    const previous = all[index - 1];
    const first = facts.cues[0];
    if (facts.segment.opener !== 'contrast' || !previous || previous.mentions.length > 0 || !first?.negated)
      return undefined;
    if (!BUT_NOT_OPENING.test(reader.text.slice(facts.segment.start, first.start))) return undefined;
    if (previous.plain.length === 0 || previous.plain.some((entry) => entry.negated)) return undefined;
    return {
      entries: [
        ...previous.plain.map((entry) => ({ case: entry.case, negated: false, rule: A_BUT_NOT_B.name })),
        ...facts.plain.map((entry) => ({ ...entry, rule: A_BUT_NOT_B.name })),
      ],
    };
  },
} as const;

/**
 * The readings "unlike", "as in" and "like the one here" add to a mention's main readings within
 * its clause (`comparatives`: the "as in" case words of the clause's reach); `listed`: cases the
 * mention's parentheses tie it to, which an "unlike" leaves alone ("unlike the defendant in TSC2
 * (F26)": the code labels TSC2 itself). Mutates `attributions`.
 */
export function addComparisons(
  attributions: Attribution[],
  facts: SegmentFacts,
  comparatives: readonly SegmentCue[],
  listed: ReadonlyArray<{ case: CaseId | null }> | undefined,
  openingUnlikes: readonly SegmentCue[] = [],
): void {
  const polarity = overall(attributions);
  for (const cue of facts.cues)
    if (cue.relation === 'unlike')
      for (const caseId of cue.cases) {
        if (listed?.some((entry) => entry.case === caseId)) continue;
        put(attributions, { case: caseId, polarity: flip(polarity), rules: ['comparison.unlike'] });
      }
  // "…; unlike TSC1, where the owner left its notebooks open, the plaintiff here kept them under
  // lock": an "unlike" that opens the statement speaks of what follows its relative clause — but
  // not of a case the mention is already read for (the relative clause's own).
  for (const cue of openingUnlikes)
    for (const caseId of cue.cases) {
      if (attributions.some((reading) => reading.case === caseId)) continue;
      attributions.push({ case: caseId, polarity: flip(polarity), rules: ['comparison.unlike'] });
    }
  for (const cue of comparatives)
    for (const caseId of cue.cases) {
      if (attributions.some((reading) => reading.case === caseId)) continue;
      attributions.push({
        case: caseId,
        polarity: polarity === 'negated' ? 'negated' : 'asserted',
        rules: ['comparison.as-in'],
      });
    }
  for (const cue of facts.cues)
    if (cue.relation === 'presupposed')
      for (const caseId of cue.cases)
        put(attributions, {
          case: caseId,
          polarity: polarity === 'hypothetical' ? polarity : 'asserted',
          rules: ['comparison.like-the-one-here'],
        });
}

/**
 * The reading a clause without factors but with a case word gives the factors just before it
 * (`applyTrailingSegments`), by the first rule that applies: an "as in", "like the one here" or
 * "unlike" in it; a contrast that negates, affirms, or only names a case; an elliptical "or TSC2";
 * a negated case word ("which A lacks"); else a plain one ("and TSC2 has it too").
 */
export function trailingReading(
  cue: SegmentCue,
  facts: SegmentFacts,
  polarity: RulesPolarity,
): { polarity: RulesPolarity; rule: RuleName } {
  const negated = cue.negated || facts.negated;
  const contrast = facts.segment.opener === 'contrast';
  if (cue.relation === 'comparative')
    return { polarity: polarity === 'negated' ? 'negated' : 'asserted', rule: 'comparison.as-in' };
  if (cue.relation === 'presupposed') return { polarity: 'asserted', rule: 'comparison.like-the-one-here' };
  if (cue.relation === 'unlike')
    return { polarity: negated ? 'negated' : flip(polarity), rule: 'comparison.unlike' };
  if (contrast && negated) return { polarity: 'negated', rule: 'comparison.but-not-in' };
  if (contrast && facts.affirms) return { polarity: 'asserted', rule: 'comparison.contrast-affirms' };
  if (contrast) return { polarity: flip(polarity), rule: 'comparison.contrast-opposite' };
  if (facts.elliptical && !facts.affirms)
    return negated
      ? { polarity: 'negated', rule: 'comparison.absent-from' }
      : { polarity, rule: 'case.elliptical-extension' };
  return negated
    ? { polarity: 'negated', rule: 'comparison.absent-from' }
    : { polarity: 'asserted', rule: 'case.trailing-case-words' };
}
