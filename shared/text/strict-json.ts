import { findLoneSurrogate, loneSurrogateMessage } from './lone-surrogates.ts';

export type JsonReading = { ok: true; value: unknown } | { ok: false; message: string };

/**
 * `JSON.parse` as every import reads a record: a syntax error, or a string (or key) holding a lone
 * surrogate escape such as `"\ud800"` (valid JSON, but not valid Unicode: see lone-surrogates.ts),
 * is a message for `FILE:LINE: `, never an exception. Long parser messages are cut at 160 characters.
 *
 * @example readJson('{"a": "\\ud800"}') // { ok: false, message: 'a: the escape \\ud800 is half of …' }
 */
export function readJson(text: string): JsonReading {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      message: `not valid JSON (${reason.length > 160 ? `${reason.slice(0, 160)}…` : reason})`,
    };
  }
  const lone = findLoneSurrogate(value);
  return lone ? { ok: false, message: loneSurrogateMessage(lone) } : { ok: true, value };
}
