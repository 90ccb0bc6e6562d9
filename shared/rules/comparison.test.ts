import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

/** Each reading of `factor` in `text` as "case:polarity:deciding rule". */
function readings(text: string, factor: string): string[] {
  return extractFactors(text, SHIPPED_LEXICON)
    .mentions.filter((mention) => mention.factor === factor)
    .map((mention) => `${mention.case}:${mention.polarity}:${mention.rules.at(-1)}`);
}

describe('distinctions: presence and absence per case (the six sentences of issue 27)', () => {
  it.each([
    [
      'F15 Unique-product (P) is present in the current case but not in TSC2.',
      'F15',
      ['current:asserted', 'tsc2:negated'],
    ],
    [
      'TSC1 involved F20, a pro-defendant factor that the current case lacks.',
      'F20',
      ['tsc1:asserted', 'current:negated'],
    ],
    [
      'The current case has neither F2 nor F26, both of which appeared in TSC1.',
      'F26',
      ['current:negated', 'tsc1:asserted'],
    ],
    ['Deception, present here, was missing from TSC2.', 'F26', ['current:asserted', 'tsc2:negated']],
    [
      'In TSC1 the defendant bribed an engineer and copied the blueprints; neither happened here.',
      'F2',
      ['tsc1:asserted', 'current:negated'],
    ],
    [
      'The defendant in TSC2 lost although the information was known to competitors, a point the defendant cannot make in the current case.',
      'F20',
      ['tsc2:asserted', 'current:negated'],
    ],
  ])('%s', (text, factor, expected) => {
    expect(readings(text, factor).map((reading) => reading.split(':').slice(0, 2).join(':'))).toEqual(
      expected,
    );
  });
});

describe('distinctions in other words', () => {
  it('"A, but not B, involved X": A has it, B lacks it', () => {
    expect(readings('TSC2, but not the input case, involved a noncompetition agreement.', 'F13')).toEqual([
      'tsc2:asserted:comparison.a-but-not-b',
      'current:negated:negation.bound-to-case',
    ]);
  });

  it('"sets A apart from B" and "distinguishes A from B": B lacks it', () => {
    expect(readings('The factor that sets the input case apart from TSC2 is F17.', 'F17')).toEqual([
      'current:asserted:case.own-case-words',
      'tsc2:negated:comparison.distinguishes-a-from-b',
    ]);
    expect(readings('F8 Competitive-advantage (P) distinguishes the input case from TSC1.', 'F8')).toContain(
      'tsc1:negated:comparison.distinguishes-a-from-b',
    );
  });

  it('"A, which has X, differs from B, which does not": B lacks it', () => {
    expect(readings('The current case, which has F12, differs from TSC1, which does not.', 'F12')).toEqual([
      'current:asserted:case.relative-antecedent',
      'tsc1:negated:comparison.absent-from',
    ]);
  });

  it('"Neither … occurred in A, though both occurred in B": B has them', () => {
    expect(
      readings(
        'Neither a waiver of confidentiality nor a disclosure in a public forum occurred in the current case, though both occurred in TSC2.',
        'F23',
      ),
    ).toEqual(['current:negated:negation.clause', 'tsc2:asserted:comparison.contrast-affirms']);
  });

  it('"the very opposite of X", "instead of X": X is denied', () => {
    expect(readings('The input case has F6, the very opposite of F19.', 'F19')).toEqual([
      'current:negated:negation.instead-of',
    ]);
    expect(readings('The plaintiff here relied on F6 instead of F19.', 'F19')).toEqual([
      'current:negated:negation.instead-of',
    ]);
  });

  it('an "unlike" that opens a statement before a relative clause speaks of what follows it', () => {
    const text =
      'TSC1 has neither F2 nor F26; unlike TSC1, where the owner left its notebooks lying open, the plaintiff here kept the notebooks under lock and key.';
    expect(readings(text, 'F26')).toEqual(['tsc1:negated:negation.clause']);
    expect(readings(text, 'F6')).toEqual([
      'current:asserted:case.own-case-words',
      'tsc1:negated:comparison.unlike',
    ]);
  });

  it('a trailing "or in B" takes the polarity of the clause, not of an "unlike"', () => {
    expect(
      readings(
        'And unlike TSC1, nothing was ever presented at a trade fair in the input case or in TSC2.',
        'F27',
      ),
    ).toEqual([
      'current:negated:negation.no-before',
      'tsc1:asserted:comparison.unlike',
      'tsc2:negated:case.elliptical-extension',
    ]);
  });

  it('"shared the process at a trade show" is a disclosure, no sharing between cases', () => {
    expect(readings('In TSC2 the plaintiff had shared the process at a trade show.', 'F27')).toEqual([
      'tsc2:asserted:case.own-case-words',
    ]);
  });
});

describe('the reach of "as in"', () => {
  it('does not reach back into an opening subordinate clause', () => {
    expect(
      readings(
        'Although the agreement was not specific (F5), the defendant still knew it was confidential (F21), as in TSC1.',
        'F5',
      ),
    ).toEqual(['current:asserted:case.default-current']);
    expect(
      readings(
        'Although the agreement was not specific (F5), the defendant still knew it was confidential (F21), as in TSC1.',
        'F21',
      ),
    ).toEqual(['current:asserted:case.previous-clause', 'tsc1:asserted:comparison.as-in']);
  });

  it('does not reach back over ", and that", but forward over ", and"', () => {
    expect(
      readings(
        'The defense says that TSC1 involved F7, which this record lacks, and that here, as in TSC2, the engineers reverse engineered the design (F25).',
        'F7',
      ),
    ).toEqual(['tsc1:asserted:case.own-case-words', 'current:negated:comparison.absent-from']);
    expect(
      readings(
        'The defendant paid the employee to defect (F2), and the employee brought drawings (F7), exactly as in TSC1.',
        'F2',
      ),
    ).toEqual(['current:asserted:case.default-current', 'tsc1:asserted:comparison.as-in']);
  });
});

describe('the main clause after an "unlike" aside\'s relative clause', () => {
  it("is the contrast itself: it does not take the relative clause's factor", () => {
    expect(
      readings(
        'And unlike the plaintiff in TSC2, which never bothered to protect its recipe in any way, the plaintiff here took real care.',
        'F19',
      ),
    ).toEqual(['tsc2:asserted:case.relative-antecedent']);
  });
});

describe('a second reported clause is a new statement (3.4.0)', () => {
  it('does not give the factors before "; and that" to the cases it compares', () => {
    expect(
      readings(
        'The defence argues that TSC1 involved F7, a circumstance wholly absent from the input case; and that the input case is closer to TSC2.',
        'F7',
      ),
    ).toEqual(['tsc1:asserted:case.own-case-words', 'current:negated:comparison.absent-from']);
    expect(
      readings(
        'Counsel says the employee in TSC2 took the drawings (F7), a fact missing from the current case, and that the current case resembles TSC1.',
        'F7',
      ),
    ).toEqual(['tsc2:asserted:case.own-case-words', 'current:negated:comparison.absent-from']);
  });

  it('still extends the factors before a trailing clause without "that"', () => {
    expect(readings('The defendant here signed an NDA (F4), and TSC2 has it too.', 'F4')).toEqual([
      'current:asserted:case.own-case-words',
      'tsc2:asserted:case.trailing-case-words',
    ]);
  });
});
