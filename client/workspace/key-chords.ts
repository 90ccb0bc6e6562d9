/**
 * Key chords as the workspace's key lists write them — modifiers and a key joined by `+`: `T`,
 * `Alt+A`, `Ctrl+Shift+ArrowRight`, `?` — read for matching keyboard events and written for people
 * (`Ctrl+Shift+→`). The rules of matching:
 * - `Ctrl` is Control or, on a Mac, Command; `Alt` is Alt (Option);
 * - a letter is matched by the physical key (`KeyA`) while Alt is held, since Option+A types "å" on
 *   a Mac, and by the character otherwise, either case; Shift must be held exactly when the chord
 *   says `Shift`;
 * - a symbol that needs Shift on some layouts (`?`, and `/` on a German one) ignores Shift.
 */

export interface Chord {
  readonly ctrl: boolean;
  readonly alt: boolean;
  readonly shift: boolean;
  /** As `KeyboardEvent.key` names it: `a` (letters in lower case), `?`, `ArrowLeft`, `Enter`. */
  readonly key: string;
}

/** The keyboard-event fields a chord is matched against (a KeyboardEvent has them all). */
export interface KeyPress {
  readonly key: string;
  readonly code: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  readonly shiftKey: boolean;
}

const MODIFIERS = new Set(['Ctrl', 'Alt', 'Shift']);
const SHIFTED_SYMBOLS = new Set(['?', '/']);

/** Reads `Ctrl+Shift+ArrowRight`; throws a RangeError for a chord without a key or with an unknown modifier. */
export function parseChord(written: string): Chord {
  // `+` itself is never a key here, so splitting on it is safe.
  const parts = written.split('+');
  const key = parts.pop() ?? '';
  if (key === '' || parts.some((part) => !MODIFIERS.has(part)))
    throw new RangeError(`"${written}" is not a chord (modifiers Ctrl, Alt, Shift, then one key)`);
  return {
    ctrl: parts.includes('Ctrl'),
    alt: parts.includes('Alt'),
    shift: parts.includes('Shift'),
    key: key.length === 1 ? key.toLowerCase() : key,
  };
}

/** Whether a key press is the chord. */
export function matchesChord(press: KeyPress, chord: Chord): boolean {
  if ((press.ctrlKey || press.metaKey) !== chord.ctrl || press.altKey !== chord.alt) return false;
  if (SHIFTED_SYMBOLS.has(chord.key)) return press.key === chord.key;
  if (press.shiftKey !== chord.shift) return false;
  if (/^[a-z]$/u.test(chord.key))
    return chord.alt ? press.code === `Key${chord.key.toUpperCase()}` : press.key.toLowerCase() === chord.key;
  return press.key === chord.key;
}

const KEY_LABELS: Readonly<Record<string, string>> = {
  ArrowLeft: '←',
  ArrowRight: '→',
  ArrowUp: '↑',
  ArrowDown: '↓',
  Escape: 'Esc',
  ' ': 'Space',
};

/** A chord for people: `Ctrl+Shift+ArrowRight` → `Ctrl+Shift+→`, `Alt+a` → `Alt+A`. */
export function chordLabel(written: string): string {
  const chord = parseChord(written);
  const key = KEY_LABELS[chord.key] ?? (chord.key.length === 1 ? chord.key.toUpperCase() : chord.key);
  return [chord.ctrl && 'Ctrl', chord.alt && 'Alt', chord.shift && 'Shift', key].filter(Boolean).join('+');
}

/** The chord as `aria-keyshortcuts` writes it: `Alt+A`, `Control+Shift+Z`, `?`. */
export function ariaShortcut(written: string): string {
  const chord = parseChord(written);
  const key = chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  return [chord.ctrl && 'Control', chord.alt && 'Alt', chord.shift && 'Shift', key].filter(Boolean).join('+');
}
