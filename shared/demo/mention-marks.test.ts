import { describe, expect, it } from 'vitest';
import { capitalise, MentionMarks, plain } from './mention-marks.ts';

describe('MentionMarks', () => {
  it('gives each marked mention its place in the text without markers', () => {
    const marks = new MentionMarks();
    const text = `As in TSC1, ${marks.mark('F4', { factor: 'F4', style: 'code' })} and ${marks.mark('security measures', { factor: 'F6', style: 'name' })} apply.`;
    const resolved = marks.resolve(text);
    expect(resolved.text).toBe('As in TSC1, F4 and security measures apply.');
    expect([...resolved.ranges]).toEqual([
      [0, { start: 12, end: 14 }],
      [1, { start: 19, end: 36 }],
    ]);
    expect(marks.idsIn(text)).toEqual([0, 1]);
    expect(marks.mention(1)).toEqual({ factor: 'F6', style: 'name' });
  });

  it('finds the mentions of one piece of a longer text', () => {
    const marks = new MentionMarks();
    const first = `${marks.mark('F4', { factor: 'F4', style: 'code' })}.`;
    const second = `Then ${marks.mark('F6', { factor: 'F6', style: 'code' })}.`;
    expect(marks.idsIn(second)).toEqual([1]);
    expect(marks.resolve(`${first} ${second}`).ranges.get(1)).toEqual({ start: 9, end: 11 });
  });

  it('refuses an unknown mention number', () => {
    expect(() => new MentionMarks().mention(0)).toThrow(RangeError);
  });
});

describe('plain', () => {
  it('removes every marker, a cut one included', () => {
    const marks = new MentionMarks();
    const marked = marks.mark('agreed not to disclose', { factor: 'F4', style: 'name' });
    expect(plain(marked)).toBe('agreed not to disclose');
    expect(plain(marked.slice(0, 8))).toBe('agreed');
  });
});

describe('capitalise', () => {
  it('raises the first letter of plain text', () => {
    expect(capitalise('the input case')).toBe('The input case');
  });

  it('looks past the markers of a mention the text starts with', () => {
    const marks = new MentionMarks();
    const text = capitalise(
      `${marks.mark('security measures', { factor: 'F6', style: 'name' })} were taken.`,
    );
    expect(plain(text)).toBe('Security measures were taken.');
    expect(marks.resolve(text).ranges.get(0)).toEqual({ start: 0, end: 17 });
  });

  it('leaves text of markers only, or empty text, as it is', () => {
    expect(capitalise('')).toBe('');
  });
});
