import { describe, expect, it } from 'vitest';
import { ariaShortcut, chordLabel, matchesChord, parseChord } from './key-chords.ts';

const press = (
  key: string,
  options: Partial<{ code: string; ctrl: boolean; meta: boolean; alt: boolean; shift: boolean }> = {},
) => ({
  key,
  code: options.code ?? '',
  ctrlKey: options.ctrl ?? false,
  metaKey: options.meta ?? false,
  altKey: options.alt ?? false,
  shiftKey: options.shift ?? false,
});

describe('key chords', () => {
  it('reads modifiers and a key, and refuses what is not a chord', () => {
    expect(parseChord('Ctrl+Shift+ArrowRight')).toEqual({
      ctrl: true,
      alt: false,
      shift: true,
      key: 'ArrowRight',
    });
    expect(parseChord('Alt+A')).toEqual({ ctrl: false, alt: true, shift: false, key: 'a' });
    expect(() => parseChord('Hyper+A')).toThrow(RangeError);
    expect(() => parseChord('Ctrl+')).toThrow(RangeError);
  });

  it('matches a letter without modifiers, in either case, and not with one', () => {
    const t = parseChord('T');
    expect(matchesChord(press('t'), t)).toBe(true);
    expect(matchesChord(press('T', { shift: true }), t)).toBe(false);
    expect(matchesChord(press('t', { ctrl: true }), t)).toBe(false);
    expect(matchesChord(press('t', { alt: true, code: 'KeyT' }), t)).toBe(false);
  });

  it('matches Alt+letter by the physical key (Option+A types "å" on a Mac)', () => {
    const altA = parseChord('Alt+A');
    expect(matchesChord(press('å', { alt: true, code: 'KeyA' }), altA)).toBe(true);
    expect(matchesChord(press('a'), altA)).toBe(false);
  });

  it('takes Command for Ctrl, and Shift exactly where the chord says', () => {
    expect(matchesChord(press('z', { meta: true }), parseChord('Ctrl+Z'))).toBe(true);
    expect(matchesChord(press('Z', { ctrl: true, shift: true }), parseChord('Ctrl+Z'))).toBe(false);
    expect(matchesChord(press('Z', { ctrl: true, shift: true }), parseChord('Ctrl+Shift+Z'))).toBe(true);
  });

  it('ignores Shift for symbols typed with it on some layouts', () => {
    expect(matchesChord(press('?', { shift: true }), parseChord('?'))).toBe(true);
    expect(matchesChord(press('/', { shift: true }), parseChord('/'))).toBe(true);
  });

  it('writes chords for people and for aria-keyshortcuts', () => {
    expect(chordLabel('Ctrl+Shift+ArrowLeft')).toBe('Ctrl+Shift+←');
    expect(chordLabel('Escape')).toBe('Esc');
    expect(chordLabel('Alt+a')).toBe('Alt+A');
    expect(ariaShortcut('Ctrl+Enter')).toBe('Control+Enter');
    expect(ariaShortcut('Alt+C')).toBe('Alt+C');
  });
});
