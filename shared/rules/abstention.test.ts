import { describe, expect, it } from 'vitest';
import { ABSTENTION_PHRASE } from '../vocabulary.ts';
import { classifyAbstention, endsWithAbstentionPhrase } from './abstention.ts';

describe('classifyAbstention', () => {
  it.each([
    ABSTENTION_PHRASE,
    `${ABSTENTION_PHRASE}.\n`,
    ABSTENTION_PHRASE.toLowerCase(),
    `**${ABSTENTION_PHRASE}.**`,
    `My answer: ${ABSTENTION_PHRASE}.`,
    `${ABSTENTION_PHRASE}. The input case has F3 and F10.`,
    `Subject: case triple 7, nothing drafted\n\n${ABSTENTION_PHRASE}.\n\nThe input case has F3.`,
    `Slide 3 — Conclusion\n• ${ABSTENTION_PHRASE}\n• → No argument drafted`,
    `Findings:\n- ${ABSTENTION_PHRASE}.\n2. ${ABSTENTION_PHRASE}`,
  ])('reads %j as the exact phrase', (text) => {
    expect(classifyAbstention(text)).toBe('exact');
  });

  it.each([
    'No common factor between the input case and TSC1/TSC2.',
    'The cases share no factors, so no argument is possible.',
    'I cannot make an argument.',
    'A 3-ply argument therefore cannot be generated.',
    "I can't write a three-part argument from these facts.",
    'We cannot draft the three-part argument requested, since nothing overlaps.',
    "I'm unable to construct a 3-ply argument here.",
    'The input case does not share a common factor with TSC1 or TSC2.',
    'There is no common factor between the input case and TSC1 or TSC2; therefore, no 3-ply argument can be made.',
  ])('reads %j as a near miss', (text) => {
    expect(classifyAbstention(text)).toBe('near_miss');
  });

  it('reads an argument as no abstention, whatever it says before arguing', () => {
    const text = `${ABSTENTION_PHRASE}.\n\nPlaintiff's Argument: TSC1 …\nDefendant's Counterargument: …`;
    expect(classifyAbstention(text)).toBe('none');
    expect(classifyAbstention('Plaintiff: TSC1 shares no factors.\nDefendant: indeed.')).toBe('none');
  });

  it('reads an ordinary argument as no abstention', () => {
    expect(classifyAbstention('As in TSC1, the defendant signed an NDA (F4).')).toBe('none');
  });
});

describe('endsWithAbstentionPhrase', () => {
  it('tolerates a final period and case', () => {
    expect(endsWithAbstentionPhrase(`x. ${ABSTENTION_PHRASE.toUpperCase()}.`)).toBe(true);
    expect(endsWithAbstentionPhrase('x')).toBe(false);
  });
});
