import { jsonArrayElementSpans } from './parse/json-array.ts';
import { lineLocator } from './parse/lines.ts';

const MEMBER = /^\s*"((?:[^"\\]|\\.)*)"\s*:\s*\[/;

/**
 * The 1-based line on which each element of a JSON array starts, for the array that is the document
 * itself (`key` omitted) or the value of a top-level object key — so error messages about `values[3]`
 * can name the line a reader should open. Returns [] when the array is not found; assumes the text
 * already parsed as JSON.
 */
export function locateArrayElements(text: string, key?: string): number[] {
  const first = text.search(/\S/);
  if (first === -1) return [];
  let open = first;
  if (key !== undefined) {
    if (text[first] !== '{') return [];
    const members = jsonArrayElementSpans(text, first).spans;
    const found = members
      .map((span) => ({ span, match: MEMBER.exec(text.slice(span.start, span.end)) }))
      .find(({ match }) => match !== null && JSON.parse(`"${match[1]}"`) === key);
    if (!found?.match) return [];
    // The member's match ends just after the array's "[".
    open = found.span.start + found.match[0].length - 1;
  }
  if (text[open] !== '[') return [];
  const lineOf = lineLocator(text);
  return jsonArrayElementSpans(text, open).spans.map((span) => lineOf(span.start).line);
}
