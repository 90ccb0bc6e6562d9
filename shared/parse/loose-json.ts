import { lineLocator } from './lines.ts';

/**
 * A value in the JSON-like notation LLMs write: JSON, plus Python's single quotes and `None`, set
 * braces (`{ "a", "b" }`), bare words, trailing and missing commas.
 */
export type LooseValue =
  | { kind: 'string'; text: string }
  | { kind: 'word'; text: string }
  | { kind: 'array'; items: LooseValue[] }
  | { kind: 'object'; entries: LooseEntry[] };

/** One member of braces: `key: value`, or a set item (`value` null) as in `{ "F4 …", "F6 …" }`. */
export interface LooseEntry {
  key: LooseValue;
  value: LooseValue | null;
}

export type LooseParse =
  | { ok: true; value: LooseValue; end: number }
  | { ok: false; message: string; at: number; truncated: boolean };

const CLOSING_QUOTE: Readonly<Record<string, string>> = { '"': '"', "'": "'", '“': '”', '‘': '’' };
const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
// A bare word runs up to one of these, or a line break.
const WORD_END = new Set([',', ':', '{', '}', '[', ']', '\n', '\r']);

class LooseSyntaxError extends Error {
  constructor(
    message: string,
    readonly at: number,
    readonly truncated: boolean,
  ) {
    super(message);
  }
}

/**
 * Parses one value starting at `start` (leading whitespace allowed) and says where it ends, without
 * caring what follows it, so a caller can pick an object out of surrounding prose. Strings may use
 * `"`, `'` or curly quotes and the JSON escapes, and may not span lines; a bare word (`None`,
 * `null`, `F4 Agreed-not-to-disclose (P)`) runs to the next `,` `:` bracket or line break. Inside
 * braces, a member without `:` is a set item. Commas may be missing, doubled or trailing.
 *
 * Failure says where, in one sentence, and whether the text simply ran out (`truncated`).
 *
 * @example parseLooseValue("{'TSC1': {'F4'}, }", 0) // ok, an object with one entry whose value is a set
 */
export function parseLooseValue(text: string, start: number): LooseParse {
  let where: ((offset: number) => { line: number; column: number }) | null = null;
  // Only a failure needs line and column, so the line table is built on the first one.
  const at = (offset: number): string => {
    where ??= lineLocator(text);
    const position = where(offset);
    return `line ${position.line}, column ${position.column}`;
  };
  let index = start;

  const skipSpace = () => {
    while (index < text.length && /\s/.test(text[index] ?? '')) index += 1;
  };

  const parseString = (): LooseValue => {
    const open = index;
    const quote = text[index] ?? '"';
    const close = CLOSING_QUOTE[quote] ?? quote;
    index += 1;
    let value = '';
    while (index < text.length) {
      const char = text[index] ?? '';
      if (char === close) {
        index += 1;
        return { kind: 'string', text: value };
      }
      if (char === '\n' || char === '\r') {
        throw new LooseSyntaxError(
          `the string that opens at ${at(open)} is not closed on its line`,
          open,
          false,
        );
      }
      if (char === '\\') {
        const next = text[index + 1];
        if (next === undefined) break;
        if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(index + 2, index + 6))) {
          value += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
          index += 6;
          continue;
        }
        value += ESCAPES[next] ?? next;
        index += 2;
        continue;
      }
      value += char;
      index += 1;
    }
    throw new LooseSyntaxError(`the text ends inside the string that opens at ${at(open)}`, open, true);
  };

  const parseWord = (): LooseValue => {
    const begin = index;
    while (index < text.length && !WORD_END.has(text[index] ?? '')) index += 1;
    return { kind: 'word', text: text.slice(begin, index).trim() };
  };

  // Members of braces or brackets, up to the closing character.
  const parseMembers = (closer: '}' | ']'): LooseEntry[] => {
    const open = index;
    const what = closer === '}' ? 'braces' : 'brackets';
    index += 1;
    const entries: LooseEntry[] = [];
    for (;;) {
      skipSpace();
      const char = text[index];
      if (char === undefined) {
        throw new LooseSyntaxError(
          `the text ends before the ${what} that open at ${at(open)} close`,
          open,
          true,
        );
      }
      if (char === closer) {
        index += 1;
        return entries;
      }
      if (char === ',') {
        index += 1;
        continue;
      }
      const key = parseValue();
      skipSpace();
      if (text[index] === ':') {
        if (closer === ']')
          throw new LooseSyntaxError(`unexpected ":" at ${at(index)} inside a list`, index, false);
        index += 1;
        entries.push({ key, value: parseValue() });
      } else {
        entries.push({ key, value: null });
      }
    }
  };

  function parseValue(): LooseValue {
    skipSpace();
    const char = text[index];
    if (char === undefined)
      throw new LooseSyntaxError('the text ends where a value was expected', index, true);
    if (char === '{') return { kind: 'object', entries: parseMembers('}') };
    if (char === '[') return { kind: 'array', items: parseMembers(']').map((entry) => entry.key) };
    if (Object.hasOwn(CLOSING_QUOTE, char)) return parseString();
    if (WORD_END.has(char)) {
      throw new LooseSyntaxError(
        `unexpected "${char}" at ${at(index)} where a value was expected`,
        index,
        false,
      );
    }
    return parseWord();
  }

  try {
    const value = parseValue();
    return { ok: true, value, end: index };
  } catch (error) {
    if (error instanceof LooseSyntaxError) {
      return { ok: false, message: error.message, at: error.at, truncated: error.truncated };
    }
    throw error;
  }
}
