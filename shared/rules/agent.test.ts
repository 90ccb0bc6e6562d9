import { describe, expect, it } from 'vitest';
import { readAgent } from './agent.ts';
import type { FoundMention } from './types.ts';

function read(text: string, phrase: string, style: FoundMention['style'] = 'paraphrase') {
  const start = text.indexOf(phrase);
  const mention: FoundMention = { start, end: start + phrase.length, factor: 'F17', style, text: phrase };
  return readAgent(text, [mention], [{ start: 0, end: text.length }])[0]?.factor;
}

describe('readAgent', () => {
  it('reads independent development by a person as the employee being the sole developer (F3)', () => {
    expect(
      read(
        'An employee who wrote the entire program on his own left.',
        'wrote the entire program on his own',
      ),
    ).toBe('F3');
    expect(read('The engineer developed it independently.', 'developed it independently')).toBe('F3');
  });

  it('keeps it F17 when the defendant did it', () => {
    expect(
      read('The defendant developed the formula independently.', 'developed the formula independently'),
    ).toBe('F17');
    expect(
      read('The employee left, and the defendant developed it independently.', 'developed it independently'),
    ).toBe('F17');
  });

  it('leaves codes and names as the writer labelled them', () => {
    expect(read('The engineer had F17.', 'F17', 'code')).toBe('F17');
  });
});
