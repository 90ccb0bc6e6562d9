import { describe, expect, it } from 'vitest';
import { splitSentences } from './sentences.ts';

function bodies(text: string) {
  return splitSentences(text, []).map((sentence) => text.slice(sentence.start, sentence.end));
}

describe('splitSentences', () => {
  it('ends sentences at . ! ? before a space and at line breaks', () => {
    expect(bodies('TSC1 had F4. Here too! Really?\nNext line')).toEqual([
      'TSC1 had F4.',
      'Here too!',
      'Really?',
      'Next line',
    ]);
  });

  it('keeps abbreviations and closing quotes with their sentence', () => {
    expect(bodies('E.g. the plaintiff (Acme Inc.) won. It said "stop." Then')).toEqual([
      'E.g. the plaintiff (Acme Inc.) won.',
      'It said "stop."',
      'Then',
    ]);
  });

  it('never ends a sentence inside a protected span', () => {
    const text = 'See F4. Agreed-not-to-disclose here.';
    expect(splitSentences(text, [{ start: 4, end: 30 }]).map((s) => text.slice(s.start, s.end))).toEqual([
      text,
    ]);
  });

  it('counts paragraphs at blank lines and ply labels, and marks list items and lead-ins', () => {
    const text =
      "Both cases involve:\n- F4\n- F6\n\nDefendant's Counterargument: TSC1 differs.\nPlaintiff's Rebuttal: no.";
    const sentences = splitSentences(text, []);
    expect(sentences.map((s) => [s.paragraph, s.bulletLine, s.endsWithColon])).toEqual([
      [0, false, true],
      [0, true, false],
      [0, true, false],
      [1, false, false],
      [2, false, false],
    ]);
    expect(text.slice(sentences[1]?.start, sentences[1]?.end)).toBe('F4');
  });

  it('skips lines of markup only and does not split after a list number', () => {
    expect(bodies('---\n1. Plaintiff argues.\n**')).toEqual(['Plaintiff argues.']);
  });
});
