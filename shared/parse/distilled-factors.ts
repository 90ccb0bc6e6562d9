import { answerRange } from '../argument-layout/answer-range.ts';
import { findThinkTraces } from '../argument-layout/think-traces.ts';
import type { CaseId } from '../vocabulary.ts';
import { type LooseValue, parseLooseValue } from './loose-json.ts';

export type DistilledFactors =
  | { status: 'extracted'; current: string[]; tsc1: string[]; tsc2: string[] }
  | { status: 'failed'; error: string };

export interface ThinkingSplit {
  /** The text after the reasoning trace, trimmed (the whole text, trimmed, when there is none). */
  answer: string;
  hadThinking: boolean;
  /** A `<think>` never closed: the answer is inside the trace, so `answer` is only what preceded it. */
  unterminated: boolean;
}

/**
 * Separates a reasoning model's `<think>…</think>` trace from its answer, as the workspace and the
 * rules extractor read traces (`findThinkTraces`, `answerRange`; tags matched case-insensitively).
 * The answer is what follows the last `</think>` — a closing tag alone also counts, since some
 * endpoints strip the opening one. A `<think>` with no closing tag after it means the model ran out
 * of tokens while thinking: `unterminated`, and the answer is the text before it.
 *
 * @example stripThinking('<think>F4? yes</think>{"TSC1": {}}') // { answer: '{"TSC1": {}}', hadThinking: true, unterminated: false }
 */
export function stripThinking(text: string): ThinkingSplit {
  const range = answerRange(text);
  return {
    answer: text.slice(range.start, range.end),
    hadThinking: findThinkTraces(text).length > 0,
    unterminated: range.unterminated,
  };
}

/**
 * The insides of Markdown code fences (```json, ``` or another info string), in order. A fence left
 * open at the end of the text (a truncated answer) runs to the end.
 */
function fencedBlocks(text: string): string[] {
  const parts = text.split('```');
  const blocks: string[] = [];
  for (let index = 1; index < parts.length; index += 2) {
    // Drop the info string ("json") on the opening line.
    blocks.push((parts[index] ?? '').replace(/^[^\n{[]*\n/, ''));
  }
  return blocks;
}

const KEY_PATTERNS: ReadonlyArray<readonly [CaseId, RegExp]> = [
  ['current', /^(?:input|current)(?:case|scenario)?(?:factors?)?$/],
  ['tsc1', /^(?:tsc|tradesecretcase)0?1(?:case)?(?:factors?)?$/],
  ['tsc2', /^(?:tsc|tradesecretcase)0?2(?:case)?(?:factors?)?$/],
];
const KEY_NAME: Readonly<Record<CaseId, string>> = { current: 'Input Case', tsc1: 'TSC1', tsc2: 'TSC2' };

/** "Input Case", "input_scenario", "Current Case", "TSC 1", "tsc1" → the case they name. */
function caseOfKey(key: LooseValue): CaseId | null {
  if (key.kind !== 'string' && key.kind !== 'word') return null;
  const folded = key.text.toLowerCase().replace(/[^a-z0-9]/g, '');
  return KEY_PATTERNS.find(([, pattern]) => pattern.test(folded))?.[0] ?? null;
}

// A whole value or item that means "no factors" (`set()` is Python's repr of an empty set).
const NOTHING =
  /^(?:none|null|nil|n\/?a|empty|set\(\)|-+|—|no(?: common)? factors?(?: (?:found|identified|mentioned))?)\.?$/i;

/** Item texts of one case's value, flattened; commas or semicolons inside an item separate items. */
function itemsOf(value: LooseValue, out: string[]): void {
  switch (value.kind) {
    case 'string':
    case 'word':
      for (const piece of value.text.split(/[,;\n]/)) {
        const item = piece.trim();
        if (item !== '' && !NOTHING.test(item)) out.push(item);
      }
      return;
    case 'array':
      for (const item of value.items) itemsOf(item, out);
      return;
    case 'object':
      // A set item or a key with a plain value names a factor ({"F4 …": null}); a key whose value
      // is itself a list or object is a grouping ("Plaintiff": [...]) and its contents count.
      for (const entry of value.entries) {
        if (entry.value && (entry.value.kind === 'array' || entry.value.kind === 'object'))
          itemsOf(entry.value, out);
        else itemsOf(entry.key, out);
      }
      return;
  }
}

interface CaseObject {
  keys: Partial<Record<CaseId, LooseValue>>;
  count: number;
  duplicate: CaseId | null;
}

/** Every object in a value, outermost first, with the case keys it has. */
function caseObjects(value: LooseValue, out: CaseObject[]): void {
  if (value.kind === 'array') {
    for (const item of value.items) caseObjects(item, out);
    return;
  }
  if (value.kind !== 'object') return;
  const keys: Partial<Record<CaseId, LooseValue>> = {};
  let duplicate: CaseId | null = null;
  for (const entry of value.entries) {
    const caseId = entry.value ? caseOfKey(entry.key) : null;
    if (caseId && entry.value) {
      if (keys[caseId]) duplicate ??= caseId;
      keys[caseId] = entry.value;
    }
  }
  out.push({ keys, count: Object.keys(keys).length, duplicate });
  for (const entry of value.entries) {
    caseObjects(entry.key, out);
    if (entry.value) caseObjects(entry.value, out);
  }
}

function braceBalance(text: string): { open: number; close: number } {
  return { open: text.split('{').length - 1, close: text.split('}').length - 1 };
}

function missingKeysError(found: CaseObject, text: string): string {
  const missing = (['current', 'tsc1', 'tsc2'] as const).filter((caseId) => !found.keys[caseId]);
  const names = missing.map((caseId) => `"${KEY_NAME[caseId]}"`).join(' and ');
  const { open, close } = braceBalance(text);
  if (open !== close)
    return `the braces are unbalanced (${open} "{" against ${close} "}"), and the object lacks ${names}.`;
  return `the object has no ${names} key.`;
}

/** The last object in `text` that has all three case keys, as item lists; otherwise why not. */
function extractFromText(text: string): DistilledFactors {
  const found: CaseObject[] = [];
  let complete: CaseObject | null = null;
  let firstFailure: { message: string; truncated: boolean } | null = null;
  let start = text.indexOf('{');
  while (start !== -1) {
    const parsed = parseLooseValue(text, start);
    if (parsed.ok) {
      const objects: CaseObject[] = [];
      caseObjects(parsed.value, objects);
      complete = objects.find((object) => object.count === 3) ?? complete;
      found.push(...objects);
      start = text.indexOf('{', parsed.end);
    } else {
      firstFailure ??= parsed;
      start = text.indexOf('{', start + 1);
    }
  }
  if (complete) {
    if (complete.duplicate) {
      return { status: 'failed', error: `the object names ${KEY_NAME[complete.duplicate]} twice.` };
    }
    const lists = { current: [] as string[], tsc1: [] as string[], tsc2: [] as string[] };
    for (const caseId of ['current', 'tsc1', 'tsc2'] as const) {
      const value = complete.keys[caseId];
      if (value) itemsOf(value, lists[caseId]);
    }
    return { status: 'extracted', ...lists };
  }
  if (firstFailure?.truncated) return { status: 'failed', error: `${firstFailure.message} (truncated).` };
  const best = found.reduce<CaseObject | null>(
    (top, object) => (object.count > (top?.count ?? 0) ? object : top),
    null,
  );
  if (best) return { status: 'failed', error: missingKeysError(best, text) };
  if (firstFailure) return { status: 'failed', error: `the object cannot be read: ${firstFailure.message}.` };
  if (found.length > 0) {
    return {
      status: 'failed',
      error: 'no object in the answer has the keys "Input Case", "TSC1" and "TSC2".',
    };
  }
  return { status: 'failed', error: 'the answer holds no JSON-like object.' };
}

/**
 * Reads the factor lists GPT-4.1 (the study's extractor) wrote for an argument: an object with the
 * keys "Input Case", "TSC1" and "TSC2" whose values list factors, in one of the notations seen in
 * the pipeline's logs —
 *
 * - set braces `{ "F4 Agreed-not-to-disclose (P)", "F6 …" }` (not JSON), arrays, objects keyed by
 *   factor (`{"F4 …": null}`), grouped lists (`{"Plaintiff": [...]}`), an empty `{}`/`[]`, or a
 *   string (`"None"`, `""` and similar mean none; otherwise comma-separated items);
 * - double, single (Python repr) or curly quotes; Python `None`; trailing commas; prose around it;
 * - inside ```json or ``` fences, several of them (the last fence that reads wins, then the text
 *   outside fences), possibly after a `<think>` trace.
 *
 * Keys are matched leniently ("Input Scenario", "Current Case", "TSC 1", "tsc1", whatever the case); other
 * keys are ignored. Items come back as written (trimmed, unescaped), in order, repeats kept:
 * turning them into factor ids — and moving unknown ones to `unlisted` — is the extraction
 * schema's job. When nothing can be read the result is `failed` with a one-sentence error, never
 * empty lists: no object, a missing key, a key given twice, truncated text, unbalanced braces, an
 * unterminated `<think>`.
 *
 * @example parseDistilledFactors('{"Input Case": {"F4 Agreed-not-to-disclose (P)"}, "TSC1": {}, "TSC2": "None"}')
 * // { status: 'extracted', current: ['F4 Agreed-not-to-disclose (P)'], tsc1: [], tsc2: [] }
 */
export function parseDistilledFactors(raw: string): DistilledFactors {
  if (raw.trim() === '') return { status: 'failed', error: 'the extractor returned no text.' };
  const thinking = stripThinking(raw);
  if (thinking.answer === '') {
    return {
      status: 'failed',
      error: thinking.unterminated
        ? 'the answer never leaves its <think> reasoning trace (no closing </think>).'
        : 'there is no answer after the </think> reasoning trace.',
    };
  }
  const candidates = [...fencedBlocks(thinking.answer).reverse(), thinking.answer];
  let firstError: string | null = null;
  for (const candidate of candidates) {
    const result = extractFromText(candidate);
    if (result.status === 'extracted') return result;
    firstError ??= result.error;
  }
  const error = firstError ?? 'the answer holds no JSON-like object.';
  return {
    status: 'failed',
    error: thinking.unterminated
      ? `${error.replace(/\.$/, '')} (and a <think> trace is never closed).`
      : error,
  };
}
