import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

// The format rules of edition 3.3.0, each on sentences written for this test (not a labelled set's):
// shorthand notes ("cur." for the current case, a dash after bare case words, case words joined by
// "≈") and questions answered in the next sentence (Q&A, checklists).
function lists(text: string) {
  const { current, tsc1, tsc2 } = extractFactors(text, SHIPPED_LEXICON);
  return { current, tsc1, tsc2 };
}

describe('shorthand notes (3.3.0)', () => {
  it('reads "cur." and "Curr." as the current case, without ending the sentence before a lower-case word', () => {
    expect(lists('Note: cur. has F13, TSC2 not.')).toEqual({ current: ['F13'], tsc1: [], tsc2: [] });
    expect(lists('Curr. & TSC2 both F21.')).toEqual({ current: ['F21'], tsc1: [], tsc2: ['F21'] });
    // A capital after "cur." starts a new sentence, which says nothing of the current case.
    expect(lists('TSC1 had F7, same as cur. TSC2 had F25.').tsc2).toEqual(['F25']);
  });

  it('reads what follows a dash after case words without factors as said of them', () => {
    expect(lists('TSC2 (won by the defendant) — F10 and F27.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F10', 'F27'],
    });
    expect(lists('Curr. ≈ TSC1 — F2, F14 both.')).toEqual({
      current: ['F2', 'F14'],
      tsc1: ['F2', 'F14'],
      tsc2: [],
    });
  });

  it('does not extend the factor before to a bare case word that labels the clause after its dash', () => {
    expect(lists('TSC1 also F22 (a hidden camera); cur. — nobody watched anything.').current).toEqual([]);
  });

  it('gives a parenthesis after case words joined by a sign to each of them', () => {
    expect(lists('TSC2 ≈ cur. (F11; F20).')).toEqual({
      current: ['F11', 'F20'],
      tsc1: [],
      tsc2: ['F11', 'F20'],
    });
  });
});

describe('questions answered in the next sentence (3.3.0)', () => {
  it('denies what a question asked when the answer opens with "No", "None", "Neither" or "✗"', () => {
    expect(lists('Did the defendant in TSC2 bribe an employee (F2)? No.').tsc2).toEqual([]);
    expect(
      extractFactors('TSC1: F17? Nope — both plaintiffs built it alone.', SHIPPED_LEXICON).mentions.map(
        (mention) => `${mention.factor}:${mention.case}:${mention.polarity}`,
      ),
    ).toContain('F17:tsc1:negated');
    expect(lists('Q: Was F27 present in the input case? A: None at all.').current).toEqual([]);
    expect(lists('Here: F13? ✗ (no covenant was signed).').current).toEqual([]);
  });

  it('denies it when the answer is a short denial of its own: "It did not.", "He did not.", "Never." (3.6.0)', () => {
    expect(
      lists('Did the plaintiff ever put its hinge on public display (F27)? It did not.').current,
    ).toEqual([]);
    expect(
      lists(
        'JUDGE: Did Dr. Osei sign a noncompete (F13)? COUNSEL FOR DEFENDANT: He did not; he signed nothing.',
      ).current,
    ).toEqual([]);
    expect(lists('Did the defendant here decompile the product (F25)? Never.').current).toEqual([]);
    expect(lists('Did it disclose the list to outsiders (F10)? Nothing of the kind.').current).toEqual([]);
    // An answer that only begins with those words' letters affirms as before.
    expect(
      lists('Did the defendant here use the drawings (F14)? Nevertheless it did, every page.').current,
    ).toEqual(['F14']);
  });

  it('keeps what a question asked when the answer affirms it, and a question without an answer', () => {
    expect(
      lists("Did the defendant here use the plaintiff's drawings (F14)? Yes, every page.").current,
    ).toEqual(['F14']);
    expect(lists('Was F16 true of TSC1? The record says so.').tsc1).toEqual(['F16']);
  });
});

describe('outlines, transcripts and notes (3.3.0)', () => {
  it('reads "T1" and "T2" as the precedents', () => {
    expect(lists('T2 had F20; T1 had F10.')).toEqual({ current: [], tsc1: ['F10'], tsc2: ['F20'] });
  });

  it('reads an absence mark outside a table as a negation of the case word after it, else of its line', () => {
    expect(lists('- F8: ✓ current / ✘ TSC1')).toEqual({ current: ['F8'], tsc1: [], tsc2: [] });
    expect(lists('- ❌ F17 (TSC2)\n- ✓ F17 (TSC1)')).toEqual({ current: [], tsc1: ['F17'], tsc2: [] });
  });

  it('takes an answer after a speaker label in a transcript', () => {
    expect(lists('JUDGE: Did TSC1 involve F21?\nMS. PARK: No, not at all.').tsc1).toEqual([]);
    expect(lists('JUDGE: Did TSC1 involve F21?\nMS. PARK: Yes, plainly.').tsc1).toEqual(['F21']);
  });

  it('extends the factors of a sentence to a follow-up sentence of case words only', () => {
    expect(lists('The rival here bribed an engineer (F2). TSC2 too.')).toEqual({
      current: ['F2'],
      tsc1: [],
      tsc2: ['F2'],
    });
    const denied = extractFactors('The input case has F12. Not so in TSC1.', SHIPPED_LEXICON).mentions;
    expect(denied.map((mention) => `${mention.case}:${mention.polarity}`)).toEqual([
      'current:asserted',
      'tsc1:negated',
    ]);
    // A sentence with a predicate of its own is a new statement, not a follow-up.
    expect(lists('The input case has F12. TSC1 went for the plaintiff.').tsc1).toEqual([]);
  });
});

describe('"the former" and "the latter" for cases (3.3.0)', () => {
  it('names the first or the second of the two cases named just before', () => {
    expect(lists('TSC2 and the input case differ. The former had F23; the latter did not.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F23'],
    });
    expect(
      lists('Compare the input case with TSC1: in the latter the owner published the recipe (F27).').tsc1,
    ).toEqual(['F27']);
  });

  it('names the case through an adverb between it and its verb (3.4.0, class ordinal-case-adverb)', () => {
    expect(lists('TSC1 and TSC2 both went for the owner. The latter, moreover, involved F27.').tsc2).toEqual([
      'F27',
    ]);
    expect(lists('Weigh TSC2 against TSC1. The former further had F16.')).toEqual({
      current: [],
      tsc1: [],
      tsc2: ['F16'],
    });
  });

  it('still refers to one of two factors when no two cases were named, or as an object', () => {
    expect(lists('The input case has F4 and F6; TSC1 had only the latter.').tsc1).toEqual(['F6']);
  });
});

describe('a negation bound to a case word and a semicolon (3.3.0)', () => {
  it('does not carry the negation of a case word past a ";" into the next clause', () => {
    expect(
      lists('The defendant here never opened the product; it simply bribed a technician (F2).').current,
    ).toEqual(['F2']);
    expect(lists('The input case lacks F16; nothing here could be reverse engineered.').current).toEqual([]);
  });
});

describe('working notes and consequences (3.7.0)', () => {
  it('reads the note-taker\'s "w/o" as "without": the factor after it is denied for the case before it', () => {
    expect(lists('TSC2 w/o F2, w/o F8.').tsc2).toEqual([]);
    expect(lists('TSC1 had F13 noncompete; cur. w/o F13.')).toEqual({ current: [], tsc1: ['F13'], tsc2: [] });
  });

  it('reads what would follow ("F10 would apply", "F24 would then be present") as no assertion', () => {
    expect(lists('Had the plaintiff published it, F10 would apply.').current).toEqual([]);
    expect(lists('In that event F24 would be present.').current).toEqual([]);
    expect(lists('F22 would then apply.').current).toEqual([]);
    // What is so is still read: "would have" stays a counterfactual, and a plain statement asserts.
    expect(lists('F22 applies in TSC1.').tsc1).toEqual(['F22']);
  });
});
