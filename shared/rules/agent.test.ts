import { describe, expect, it } from 'vitest';
import { readAgent } from './agent.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';

/** `readAgent` on an F17 mention `phrase` of `text` read as one clause. */
function reading(text: string, phrase: string, style: FoundMention['style'] = 'paraphrase') {
  const start = text.indexOf(phrase);
  const mention: FoundMention = {
    start,
    end: start + phrase.length,
    factor: 'F17',
    style,
    text: phrase,
    found: style === 'code' ? 'find.code' : 'find.phrase',
  };
  return readAgent(text, [mention], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0];
}

const read = (text: string, phrase: string, style?: FoundMention['style']) =>
  reading(text, phrase, style)?.factor;

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

  it("keeps it F17 when the people are the defendant's own", () => {
    expect(
      read(
        "The defendant's staff arrived at the process on their own.",
        'arrived at the process on their own',
      ),
    ).toBe('F17');
    expect(read('Its engineers developed it independently.', 'developed it independently')).toBe('F17');
  });

  it('records the rule that re-read the factor', () => {
    expect(reading('The engineer wrote the code on his own.', 'wrote the code on his own')?.reread).toBe(
      'agent.own-work',
    );
    expect(reading('The engineer developed it independently.', 'developed it independently')?.reread).toBe(
      'agent.person-before',
    );
  });

  it('leaves codes and names as the writer labelled them', () => {
    expect(read('The engineer had F17.', 'F17', 'code')).toBe('F17');
  });
});
