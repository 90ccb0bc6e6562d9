import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { testLexicon } from './test-lexicon.ts';

// Attribution is exercised through the whole reading, the only way its inputs arise.
const lexicon = testLexicon({
  F4: ['signed * nondisclosure agreement'],
  F7: ['walked out with * files'],
  F10: ['disclosed * to outsiders'],
  F19: ['took no * measures'],
});

function lists(text: string) {
  const { current, tsc1, tsc2 } = extractFactors(text, lexicon);
  return { current, tsc1, tsc2 };
}

function readings(text: string) {
  return extractFactors(text, lexicon).mentions.map((m) => `${m.factor}:${m.case ?? 'null'}:${m.polarity}`);
}

describe('case attribution', () => {
  it('says what follows the colon of joined case words of each of them', () => {
    expect(lists('1. TSC1 ~ current: F3, F5.')).toEqual({
      current: ['F3', 'F5'],
      tsc1: ['F3', 'F5'],
      tsc2: [],
    });
    expect(lists('Point: current = TSC1: F4, F21.')).toEqual({
      current: ['F4', 'F21'],
      tsc1: ['F4', 'F21'],
      tsc2: [],
    });
    expect(lists('TSC2: F11, F20.')).toEqual({ current: [], tsc1: [], tsc2: ['F11', 'F20'] });
  });

  it("gives a bare list of factors under a heading the heading's cases, and prose under it none", () => {
    expect(lists('### Current\nF1, F10\n### TSC1 (P)\nF1, F21\n### TSC2 (D)\nF10')).toEqual({
      current: ['F1', 'F10'],
      tsc1: ['F1', 'F21'],
      tsc2: ['F10'],
    });
    expect(lists('## The plaintiff cites TSC1\nThe defendant signed F4.')).toEqual({
      current: ['F4'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('reads "lost no time" as no negation, and "& TSC1" as an elliptical extension', () => {
    expect(lists('As in TSC1, the plaintiff here lost no time protecting the code (F4, F6).')).toEqual({
      current: ['F4', 'F6'],
      tsc1: ['F4', 'F6'],
      tsc2: [],
    });
    expect(lists('F15 is in the input case & TSC1.')).toEqual({ current: ['F15'], tsc1: ['F15'], tsc2: [] });
  });

  it('reads "both are established in the current case" after a precedent\'s factors as present there too', () => {
    expect(
      lists(
        'The plaintiff relies on TSC1, in which F7 and F8 were established; both are established in the current case.',
      ),
    ).toEqual({ current: ['F7', 'F8'], tsc1: ['F7', 'F8'], tsc2: [] });
  });

  it('reads "and TSC2, in which …, cannot govern" as a new subject, "and TSC2, which …, had the same factor" as an extension', () => {
    expect(
      lists(
        'The article disclosed the plans (F27); and TSC2, in which no covenant was signed, cannot govern a case of bribery.',
      ),
    ).toEqual({ current: ['F27'], tsc1: [], tsc2: [] });
    expect(lists('That is F11, and TSC2, which the defendant won, had the same factor.')).toEqual({
      current: ['F11'],
      tsc1: [],
      tsc2: ['F11'],
    });
  });

  it('reads a terse "(TSC1: no)" as absence there', () => {
    expect(lists('D: current has F16 (TSC1: no); TSC2 has F16.')).toEqual({
      current: ['F16'],
      tsc1: [],
      tsc2: ['F16'],
    });
  });

  it('reads terse distinctions with a bare "current"', () => {
    expect(lists('D: F21 in TSC1, not current.')).toEqual({ current: [], tsc1: ['F21'], tsc2: [] });
    expect(lists('Rebuttal: current lacks F23; TSC2 lacked F13.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: [],
    });
    expect(lists('F17 in current only; TSC2 = F17, F24.').current).toEqual(['F17']);
  });

  it('counts a shared statement for every case named', () => {
    expect(lists('F4 and F6 were present in both the input case and TSC1.')).toEqual({
      current: ['F4', 'F6'],
      tsc1: ['F4', 'F6'],
      tsc2: [],
    });
  });

  it('extends "as in TSC1" to the current case and "as here" to the current case', () => {
    expect(lists('As in TSC1, the defendant signed a nondisclosure agreement.')).toEqual({
      current: ['F4'],
      tsc1: ['F4'],
      tsc2: [],
    });
    expect(lists('In TSC2, as here, the plaintiff took no security measures.').current).toEqual(['F19']);
  });

  it('reads "both cases" as the current case and the precedent in focus', () => {
    expect(lists('Cite TSC2. In both cases F7 was present.')).toEqual({
      current: ['F7'],
      tsc1: [],
      tsc2: ['F7'],
    });
  });

  it('sends a relative clause to the case just named', () => {
    expect(lists('Cite TSC2, a defendant win, which also involved F1 and F10.').tsc2).toEqual(['F1', 'F10']);
  });

  it('sends a list after a colon to the case before it', () => {
    expect(lists('Input Case: F4, F6. TSC1: F15.')).toEqual({
      current: ['F4', 'F6'],
      tsc1: ['F15'],
      tsc2: [],
    });
  });

  it('sends a list after "Shared with TSC1:" to both cases', () => {
    expect(lists('Shared with TSC1: F4, F21. TSC2: F15.')).toEqual({
      current: ['F4', 'F21'],
      tsc1: ['F4', 'F21'],
      tsc2: ['F15'],
    });
  });

  it('sends what follows a colon after "X, unlike Y, involves F…" to X', () => {
    expect(
      lists('The input case, unlike TSC1, involves F27: the plaintiff disclosed it to outsiders.'),
    ).toEqual({
      current: ['F10', 'F27'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('does not carry a negation into a ", because" clause', () => {
    expect(
      lists('The lack of F4 is not decisive, because the defendant disclosed it to outsiders.').current,
    ).toEqual(['F10']);
  });

  it('ends the reach of "no" / "nothing" at the next item of a list', () => {
    expect(
      lists("The input case has F15, nothing like F7, the defendant's F21, and its F14.").current,
    ).toEqual(['F14', 'F15', 'F21']);
    expect(lists('The input case involves no F4, F6 or F19.').current).toEqual([]);
  });

  it('sends a list after "X shares … with TSC1, where …:" to both cases', () => {
    expect(
      lists('The input case shares two features with TSC1, where the plaintiff won: F4 and F6.').tsc1,
    ).toEqual(['F4', 'F6']);
  });

  it('sends a relative clause after "in each" to both cases', () => {
    expect(
      lists(
        'The input case and TSC1 share F6. In each, a developer delivered it to the defendant, which thereby gained F8.',
      ).tsc1,
    ).toEqual(['F6', 'F8']);
  });

  it('leaves "one of these precedents" unplaced', () => {
    expect(lists('One of these precedents also involved F5.')).toEqual({ current: [], tsc1: [], tsc2: [] });
  });

  it('reads "is not like TSC1, because in the input case …" as the input case only', () => {
    expect(
      lists(
        'The input case is not like TSC1, because in the input case the defendant disclosed it to outsiders.',
      ),
    ).toEqual({
      current: ['F10'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('does not read "a whole team made it" as affirming the factors before', () => {
    expect(lists('The engineer in TSC1 had F3, but in the input case a whole team made it.').current).toEqual(
      [],
    );
  });

  it('resumes the main clause after "And while …,"', () => {
    expect(lists('And while the contract in TSC1 listed the formulas, the input case had F5.').tsc1).toEqual(
      [],
    );
  });

  it('carries only the cases a clause asserted into the ", and" clause after it', () => {
    expect(lists('TSC2 involved F20, absent here, and a plaintiff that disclosed it to outsiders.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F10', 'F20'],
    });
  });

  it('keeps a lone "Nor," with its clause across an "unlike" aside', () => {
    expect(lists("Nor, unlike TSC1's plaintiff, did the plaintiff here disclose it to outsiders.")).toEqual({
      current: [],
      tsc1: ['F10'],
      tsc2: [],
    });
  });

  it('reads "by contrast with TSC1" as "unlike TSC1"', () => {
    expect(lists('By contrast with TSC1, the plaintiff here disclosed it to outsiders.').tsc1).toEqual([]);
  });

  it('carries a list lead-in to its items', () => {
    expect(lists('Factors present in TSC1 but not in the input case:\n- F15\n- F18')).toEqual({
      current: [],
      tsc1: ['F15', 'F18'],
      tsc2: [],
    });
  });

  it('reads a sentence without case words as about the current case', () => {
    expect(lists('The defendant knew the information was confidential (F21).').current).toEqual(['F21']);
  });

  it('leaves a mention of an unidentified precedent unplaced', () => {
    expect(readings("The plaintiff's precedent involved F18.")).toEqual(['F18:null:asserted']);
  });

  it('reads "X is distinguishable because … here …" as about the current case', () => {
    expect(
      lists('TSC1 is distinguishable because the plaintiff here disclosed the plans to outsiders.'),
    ).toEqual({
      current: ['F10'],
      tsc1: [],
      tsc2: [],
    });
  });
});

describe('negation scope', () => {
  it('negates the case a negation is bound to, and only that case', () => {
    expect(readings('F7 was present in TSC1 but not in the input case.')).toEqual([
      'F7:tsc1:asserted',
      'F7:current:negated',
    ]);
  });

  it('applies "which the current case lacks" to the mentions before it', () => {
    expect(
      readings('TSC1 is distinguishable: its product was unique (F15), which the current case lacks.'),
    ).toEqual(['F15:tsc1:asserted', 'F15:current:negated']);
  });

  it('negates every case under "neither … nor"', () => {
    expect(readings('Neither the input case nor TSC1 involves F2.')).toEqual([
      'F2:current:negated',
      'F2:tsc1:negated',
    ]);
    expect(readings('Neither F1 nor F10 is present in TSC1.')).toEqual([
      'F1:tsc1:negated',
      'F10:tsc1:negated',
    ]);
  });

  it('negates "no evidence of" and "does not have"', () => {
    expect(readings('There is no evidence of F22 in the input case.')).toEqual(['F22:current:negated']);
    expect(readings('TSC2 does not have F21, whereas the input case does.')).toEqual([
      'F21:tsc2:negated',
      'F21:current:asserted',
    ]);
  });

  it('gives "unlike X" the opposite polarity', () => {
    expect(readings('Unlike TSC2, the input case involves F13.')).toEqual([
      'F13:current:asserted',
      'F13:tsc2:negated',
    ]);
    expect(readings('Unlike TSC1, the input case lacks F15.')).toEqual([
      'F15:current:negated',
      'F15:tsc1:asserted',
    ]);
  });

  it('carries the negation of a bare list to its items', () => {
    expect(lists('F4, F6, and F10 are absent from the input case.').current).toEqual([]);
  });

  it('does not read negation words inside a factor name as negation', () => {
    expect(lists('As in TSC1, F19 No-security-measures applies here.').current).toEqual(['F19']);
  });
});

describe('hypotheticals', () => {
  it('marks conditions and general law, not assertions', () => {
    expect(readings('Even if F19 were present, nothing changes.')).toEqual(['F19:current:hypothetical']);
    expect(lists('Courts generally value F4.').current).toEqual([]);
  });

  it('still asserts what a comparison attached to a condition says of a precedent', () => {
    expect(lists('If F19 applies, as it did in TSC2, the agreement matters little.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F19'],
    });
  });

  it('reads a contrast that affirms on its own as asserted, and a bare one as the opposite', () => {
    expect(lists('F5 is present in TSC2 and absent in the input case, although TSC1 also has it.')).toEqual({
      current: [],
      tsc1: ['F5'],
      tsc2: ['F5'],
    });
    expect(lists('TSC1 involved F18, whereas the current case involves products that differ.')).toEqual({
      current: [],
      tsc1: ['F18'],
      tsc2: [],
    });
  });

  it('keeps "as in" reaching past an "unlike" aside', () => {
    expect(lists('The input case, like TSC1 but unlike TSC2, involves F7.')).toEqual({
      current: ['F7'],
      tsc1: ['F7'],
      tsc2: [],
    });
    expect(readings('In contrast to TSC1, the input case presents F16.')).toEqual([
      'F16:current:asserted',
      'F16:tsc1:negated',
    ]);
  });

  it('asserts the case a comparison presupposes, under a negation of the others', () => {
    expect(lists('Neither precedent involved a deceptive scheme like the one here (F26).')).toEqual({
      current: ['F26'],
      tsc1: [],
      tsc2: [],
    });
  });

  it('lets "no" and "nothing" negate what follows them and the mention they follow', () => {
    expect(readings('Unlike TSC2, the input case involves no F12.')).toEqual([
      'F12:current:negated',
      'F12:tsc2:asserted',
    ]);
    expect(lists('In the input case the plaintiff took F6 and did nothing more.').current).toEqual(['F6']);
    expect(readings('In TSC1 the plaintiff disclosed to outsiders nothing of value.')).toEqual([
      'F10:tsc1:negated',
    ]);
    expect(readings('In TSC1 the F25 claim is no defense.')).toEqual(['F25:tsc1:negated']);
  });

  it('reads an apposition after a mention as a relative clause', () => {
    expect(
      readings(
        'TSC2 is distinguishable because it involved F23, a waiver that never occurred in the input case.',
      ),
    ).toEqual(['F23:tsc2:asserted', 'F23:current:negated']);
  });

  it('does not attach a new statement after ";" or a contrast to the factors before it', () => {
    expect(
      lists(
        'Neither the input case nor TSC1 involved F15; in TSC1 the defendant won because rivals sold similar goods.',
      ),
    ).toEqual({ current: [], tsc1: [], tsc2: [] });
    expect(lists('Both precedents involved F21, but only TSC2 was won by the plaintiff.')).toEqual({
      current: [],
      tsc1: ['F21'],
      tsc2: ['F21'],
    });
    expect(lists('F4 appears in TSC1 only; our case lacks it.')).toEqual({
      current: [],
      tsc1: ['F4'],
      tsc2: [],
    });
    expect(lists('TSC2 involved F27; the plaintiff here did the same.').current).toEqual(['F27']);
  });

  it('negates what follows "without" a requirement, not what precedes it', () => {
    expect(
      readings('In TSC2 the plaintiff disclosed it to outsiders without requiring an F4 promise.'),
    ).toEqual(['F10:tsc2:asserted', 'F4:tsc2:negated']);
  });

  it('reads "even without F13 or F4" as negating both', () => {
    expect(readings('In the input case, even without F13 or F4, the plaintiff wins.')).toEqual([
      'F13:current:negated',
      'F4:current:negated',
    ]);
  });

  it('lets a bare "or TSC2" share the polarity of the statement before it', () => {
    expect(readings('No F22 occurred in TSC1 or TSC2.')).toEqual(['F22:tsc1:negated', 'F22:tsc2:negated']);
  });
});
