import { describe, expect, it } from 'vitest';
import { findCaseCues } from './case-cues.ts';
import { precedentInFocus, precedentRoles, resolveCaseCues } from './case-references.ts';
import { splitSentences } from './sentences.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

function resolve(text: string) {
  const sentences = splitSentences(text, []);
  return resolveCaseCues(text, findCaseCues(text, SHIPPED_LEXICON), sentences, SHIPPED_LEXICON).map((cue) => [
    text.slice(cue.start, cue.end),
    cue.cases.map((c) => c ?? 'null').join('+'),
  ]);
}

describe('precedentRoles', () => {
  it('reads who won each precedent and who cites it', () => {
    const text =
      'TSC1 was decided for the defendant and TSC2 for the plaintiff. The defendant cites TSC1. The defendant offers TSC1 as a counterexample.';
    const roles = precedentRoles(
      text,
      findCaseCues(text, SHIPPED_LEXICON),
      splitSentences(text, []),
      SHIPPED_LEXICON,
    );
    expect(Object.fromEntries(roles.won)).toEqual({ defendant: 'tsc1', plaintiff: 'tsc2' });
    expect(Object.fromEntries(roles.cited)).toEqual({ defendant: 'tsc1' });
    expect(roles.counterexample).toBe('tsc1');
  });

  it('drops a role the argument contradicts', () => {
    const text = 'TSC1, where the plaintiff won. TSC2 (plaintiff won).';
    expect(
      precedentRoles(text, findCaseCues(text, SHIPPED_LEXICON), splitSentences(text, []), SHIPPED_LEXICON).won
        .size,
    ).toBe(0);
  });
});

describe('resolveCaseCues', () => {
  it('resolves "both cases" and "there" to the precedent in focus', () => {
    expect(resolve('Cite TSC1. In both cases F4. The plaintiff there won.')).toEqual([
      ['TSC1', 'tsc1'],
      ['both cases', 'current+tsc1'],
      ['there', 'tsc1'],
    ]);
  });

  it("resolves the plaintiff's precedent only when the argument says who won", () => {
    expect(resolve("TSC2, where the plaintiff won. The plaintiff's precedent had F4.").at(-1)).toEqual([
      "The plaintiff's precedent",
      'tsc2',
    ]);
    expect(resolve("The plaintiff's precedent had F4.")).toEqual([["The plaintiff's precedent", 'null']]);
  });

  it('leaves "the cited case" unresolved when both precedents were named and neither is in focus', () => {
    expect(resolve('Consider TSC1 and TSC2.\n\nThe cited case differs.').at(-1)).toEqual([
      'The cited case',
      'null',
    ]);
  });

  it('takes the only precedent named so far when the paragraph names none', () => {
    expect(resolve('Cite TSC1.\n\nThe precedent differs.').at(-1)).toEqual(['The precedent', 'tsc1']);
  });
});

describe('precedentInFocus', () => {
  it('reads a sentence-opening "Its" as the precedent the sentence before was only about', () => {
    expect(resolve('The first precedent is distinguishable. Its owner locked the files.')).toEqual([
      ['The first precedent', 'tsc1'],
      ['Its', 'tsc1'],
    ]);
    // Two cases before, or the current case, or another paragraph: no cue (the current-case default applies).
    expect(resolve('TSC1 differs from TSC2. Its owner locked the files.').map(([cue]) => cue)).toEqual([
      'TSC1',
      'TSC2',
    ]);
    expect(resolve('The input case has it. Its owner locked the files.').map(([cue]) => cue)).toEqual([
      'The input case',
    ]);
    expect(resolve('TSC2 is different.\n\nIts owner locked the files.').map(([cue]) => cue)).toEqual([
      'TSC2',
    ]);
    expect(resolve('TSC2 is different. It sold its products.').map(([cue]) => cue)).toEqual(['TSC2']);
  });

  it('follows the last precedent named in the paragraph', () => {
    const text = 'TSC1 and then TSC2 are cited. Shared factors are F4.';
    const sentences = splitSentences(text, []);
    const resolved = resolveCaseCues(text, findCaseCues(text, SHIPPED_LEXICON), sentences, SHIPPED_LEXICON);
    expect(precedentInFocus(resolved, 0, text.indexOf('Shared'))).toBe('tsc2');
    expect(precedentInFocus(resolved, 1, text.length)).toBe(null);
  });
});
