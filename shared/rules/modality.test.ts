import { describe, expect, it } from 'vitest';
import { readPossibility } from './modality.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';
import type { FoundMention } from './types.ts';

function f25(text: string, phrase: string): FoundMention {
  const start = text.indexOf(phrase);
  return {
    start,
    end: start + phrase.length,
    factor: 'F25',
    style: 'paraphrase',
    text: phrase,
    found: 'find.phrase',
  };
}

function read(text: string, phrase: string, style: FoundMention['style'] = 'paraphrase') {
  const mention = { ...f25(text, phrase), style };
  return readPossibility(text, [mention], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0]?.factor;
}

describe('readPossibility', () => {
  it('reaches a modal a conjoined clause shares: "can be bought off the shelf and its recipe worked out by a lab"', () => {
    const text =
      'The product can be bought off the shelf and its recipe worked out by any lab that tests it.';
    const start = text.indexOf('recipe worked out');
    const mention = {
      start,
      end: start + 40,
      factor: 'F25' as const,
      style: 'paraphrase' as const,
      text: text.slice(start, start + 40),
      found: 'find.phrase' as const,
    };
    expect(
      readPossibility(text, [mention], [{ start: 0, end: text.length }], SHIPPED_LEXICON)[0]?.factor,
    ).toBe('F16');
  });

  it('reads reverse engineering under a modal of possibility as F16', () => {
    expect(
      read('Anyone could have bought the machine and taken it apart.', 'bought the machine and taken it'),
    ).toBe('F16');
    expect(read('A competitor would be able to disassemble the device.', 'disassemble the device')).toBe(
      'F16',
    );
  });

  it('keeps the act as F25', () => {
    expect(
      read('The defendant disassembled the device to learn how it worked.', 'disassembled the device'),
    ).toBe('F25');
  });

  it('looks only within the clause of the mention', () => {
    const text = 'It could be argued; the defendant disassembled the device.';
    const mention = f25(text, 'disassembled the device');
    expect(
      readPossibility(
        text,
        [mention],
        [
          { start: 0, end: 18 },
          { start: 19, end: text.length },
        ],
        SHIPPED_LEXICON,
      )[0]?.factor,
    ).toBe('F25');
  });

  it('leaves codes and names as the writer labelled them', () => {
    expect(read('Anyone could reverse engineer it (F25).', 'F25', 'code')).toBe('F25');
  });
});
