import { describe, expect, it } from 'vitest';
import { ABSTENTION_PHRASE } from '../vocabulary.ts';
import { isTruncated } from './truncation.ts';

// No finish reason recorded (an imported text without one): the answer's ending decides.
const complete = { unterminated: false };

describe('isTruncated', () => {
  it('believes a finish reason of "length" and an unclosed reasoning trace', () => {
    expect(isTruncated('A whole sentence.', { finishReason: 'length', unterminated: false })).toBe(true);
    expect(isTruncated('', { unterminated: true })).toBe(true);
  });

  it('believes a finish reason of "stop": the output did not hit its limit (3.7.0)', () => {
    const stopped = { finishReason: 'stop', unterminated: false };
    expect(isTruncated('to do: pull the depo cites; confirm TSC1 cite before filing', stopped)).toBe(false);
    expect(isTruncated('while in the input case the plaintiff', stopped)).toBe(false);
    // Another reason, or none, leaves it to the ending.
    expect(
      isTruncated('while in the input case the plaintiff', {
        finishReason: 'content_filter',
        unterminated: false,
      }),
    ).toBe(true);
    expect(
      isTruncated('while in the input case the plaintiff', { finishReason: null, unterminated: false }),
    ).toBe(true);
  });

  it('flags an answer that stops mid-sentence or mid-word', () => {
    expect(isTruncated('while in the input case the plaintiff', complete)).toBe(true);
    expect(isTruncated('the defendant also reverse engineered the prod', complete)).toBe(true);
    expect(isTruncated('the factors are:', complete)).toBe(true);
  });

  it('accepts final punctuation, a closing bracket or quote, and trailing emphasis', () => {
    expect(isTruncated('It was (F12)', complete)).toBe(false);
    expect(isTruncated('**It was.**\n', complete)).toBe(false);
    expect(isTruncated('He said "no."', complete)).toBe(false);
  });

  it('accepts the bare abstention phrase, which has no period', () => {
    expect(isTruncated(ABSTENTION_PHRASE, complete)).toBe(false);
  });

  it('accepts an answer that ends on an outline item or a list item (3.4.0)', () => {
    expect(isTruncated('Outline\n1. Plaintiff\n  1.1 F6: here yes, in the first case no', complete)).toBe(
      false,
    );
    expect(isTruncated('Points:\n- the employer kept a lock on the lab\n- no copy left', complete)).toBe(
      false,
    );
    expect(isTruncated('II. Reply\n   b. first case lacks it', complete)).toBe(false);
    expect(isTruncated('One line of prose that stops at the', complete)).toBe(true);
    expect(isTruncated('A paragraph.\nThen a second line that breaks off in', complete)).toBe(true);
  });

  it('accepts an answer that ends on a signature after a sign-off with a comma (3.4.0)', () => {
    expect(isTruncated('Dear Ann,\n\nThe case is strong.\n\nWarm wishes,\nJo Bell', complete)).toBe(false);
    expect(isTruncated('The case is strong.\n\nYours,\nand then the writer went on to say', complete)).toBe(
      true,
    );
  });

  it('accepts an answer that ends on the last message of a chat thread (3.5.0)', () => {
    expect(isTruncated('[10:11] Priya: rebuttal drafted.\n[10:12] Sam: 👍 writing it up', complete)).toBe(
      false,
    );
    expect(isTruncated('Omar 10:14: F6 out for TSC1.\nLena 10:15: good, writing it up', complete)).toBe(
      false,
    );
    expect(isTruncated('[09:14:05] Maya: fine\n[09:15:30] Dev: send me the draft', complete)).toBe(false);
    // One timed line is not a thread, and prose after a thread is prose again.
    expect(isTruncated('Notes.\n[10:12] Sam: the defendant in TSC2 had', complete)).toBe(true);
    expect(
      isTruncated('[10:11] Priya: ok\n[10:12] Sam: ok\nThen the brief went on to say that', complete),
    ).toBe(true);
    expect(
      isTruncated('The hearing began at 10:12: the plaintiff\nThe reply came at 10:40: and the', complete),
    ).toBe(true);
  });

  it('does not flag an empty answer by itself', () => {
    expect(isTruncated('', complete)).toBe(false);
  });
});
