import { formatIssuePath } from '../zod-issues.ts';

/**
 * A UTF-16 code unit in D800–DFFF that is not half of a surrogate pair. JSON lets a string spell one
 * (`"\ud800"`), JavaScript keeps it, and SQLite would store it as bytes that are not UTF-8 — which
 * another reader (Python's `sqlite3`) then cannot decode, and an export could not write back. Every
 * import refuses such a text. Pure.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** The code unit of the first lone surrogate in `text`, or undefined when there is none. */
export function loneSurrogateIn(text: string): number | undefined {
  const found = LONE_SURROGATE.exec(text);
  return found ? found[0].charCodeAt(0) : undefined;
}

export interface LoneSurrogate {
  /** Where it is, as `tsc1.factors[2]` (empty for the value itself). */
  path: string;
  codeUnit: number;
}

/**
 * The first lone surrogate in a parsed JSON value — in any string, object keys included — depth
 * first in document order; undefined when there is none.
 *
 * @example findLoneSurrogate(JSON.parse('{"text": "a\\ud800"}')) // { path: 'text', codeUnit: 0xd800 }
 */
export function findLoneSurrogate(value: unknown): LoneSurrogate | undefined {
  const walk = (node: unknown, path: PropertyKey[]): LoneSurrogate | undefined => {
    if (typeof node === 'string') {
      const codeUnit = loneSurrogateIn(node);
      return codeUnit === undefined ? undefined : { path: formatIssuePath(path), codeUnit };
    }
    if (Array.isArray(node)) {
      for (const [index, item] of node.entries()) {
        const found = walk(item, [...path, index]);
        if (found) return found;
      }
      return undefined;
    }
    if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        const inKey = loneSurrogateIn(key);
        if (inKey !== undefined) return { path: formatIssuePath([...path, key]), codeUnit: inKey };
        const found = walk(item, [...path, key]);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(value, []);
}

/** What an import says about a lone surrogate (`FILE:LINE: ` is put before it). */
export function loneSurrogateMessage(found: LoneSurrogate): string {
  const written = `\\u${found.codeUnit.toString(16).padStart(4, '0')}`;
  // A path through a key that holds one is shown with U+FFFD there, so the message itself is valid text.
  const path = found.path.replace(LONE_SURROGATES, '\uFFFD');
  return `${path === '' ? 'the value' : path}: the escape ${written} is half of a surrogate pair without its other half, which is not valid Unicode; write the character itself or its full pair`;
}
