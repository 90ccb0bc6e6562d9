/**
 * Plans the key presses that annotate an argument completely by keyboard, for
 * bench/keyboard-annotation.bench.ts. A plan is searched, not written by hand: for every mark, the
 * cheapest sequence of the workspace's navigation keys that selects exactly the mark's words (a
 * shortest path over keyboard selections), then the palette's keys. Each keymap describes the keys
 * of one version of the workspace; the bench runs the plan in Chromium and checks through the API
 * that the saved annotation is the one planned, so a keymap that does not describe its workspace
 * fails the bench instead of giving a figure.
 */

import { searchFactors } from '../client/workspace/factor-search.ts';
import { type TextRange, wordAt, wordRanges } from '../client/workspace/selection.ts';
import {
  extendFocus,
  findMatches,
  matchBeyond,
  moveCaret,
  nextMatch,
  selectedRange,
  type TextUnit,
  type TextUnits,
  textUnits,
  wordsOfRange,
} from '../client/workspace/text-navigation.ts';
import { type ArgumentLayout, layoutArgument } from '../shared/argument-layout/argument-layout.ts';
import { detectFactorInSelection, suggestMentionStyle } from '../shared/mention-style.ts';
import type { Judgement, MentionStyle, Polarity, Span } from '../shared/schemas/annotation.ts';
import { CASES, type CaseId } from '../shared/vocabulary.ts';

/** One step of a plan: a key press (a chord such as `Shift+ArrowRight` is one press), typed text, or a wait for the screen. */
export type KeyStep =
  | { readonly kind: 'press'; readonly key: string; readonly purpose: Purpose }
  | { readonly kind: 'type'; readonly text: string; readonly purpose: Purpose }
  | {
      readonly kind: 'wait';
      readonly until: 'palette-factor' | 'palette-details' | 'palette-closed' | 'find-open';
    };

/** What a key press is for, to split the count: reaching and selecting words, the palette, or the rest. */
export type Purpose = 'navigate' | 'palette' | 'other';

/** A mark as the annotator makes it: one range, one factor, the cases it names. */
export interface PlannedMark {
  readonly range: TextRange;
  readonly factor: Span['factor'];
  readonly cases: readonly CaseId[];
  readonly polarity: Polarity;
  readonly style: MentionStyle;
}

/** A keyboard selection: word indices (the anchor stays, the focus moves); `shown` false once a mark cleared it. */
interface Selection {
  readonly anchor: number;
  readonly focus: number;
  readonly shown: boolean;
}

interface Move {
  readonly keys: readonly KeyStep[];
  readonly cost: number;
  readonly to: Selection;
}

/** The text as a keymap sees it. */
export interface TextModel {
  readonly text: string;
  /** Every word of the text (the workspace before issue 23 moved over all of them). */
  readonly words: readonly TextRange[];
  readonly layout: ArgumentLayout;
  /** The answer's words, phrases, sentences and paragraphs (the workspace since). */
  readonly units: TextUnits;
}

/** One version of the workspace's keys. */
export interface Keymap {
  readonly name: string;
  /** Moves from a selection (null: the text was never navigated in this item). */
  readonly moves: (model: TextModel, from: Selection | null) => readonly Move[];
  /** The text range a keyboard selection covers. */
  readonly rangeOf: (model: TextModel, selection: Selection) => TextRange;
  /** The closest range to a mention this keymap can select (its words, and what its rules add). */
  readonly reachable: (model: TextModel, mention: TextRange) => TextRange;
  /** Whether one mark may name several cases (else one mark per case). */
  readonly multiCase: boolean;
  /** The cases the palette offers for the first mark of an item. */
  readonly firstCases: readonly CaseId[];
  /** Whether the palette skips the factor step when the selection names one factor. */
  readonly skipsNamedFactor: boolean;
  /** The moves a find can make towards a mention (none where the keys have no find). */
  readonly finds?: (model: TextModel, mention: TextRange) => readonly FindMove[];
  /** The key that sets a flag from the text. */
  readonly flagKey: Readonly<Record<'abstained' | 'exact_phrase' | 'truncated', string>>;
}

const press = (key: string, purpose: Purpose = 'navigate'): KeyStep => ({ kind: 'press', key, purpose });
/** The chord with Shift added, as the key lists write it: `Ctrl+Shift+ArrowRight`. */
const shifted = (key: string) => (key.startsWith('Ctrl+') ? `Ctrl+Shift+${key.slice(5)}` : `Shift+${key}`);

/** The first word of the next (or previous) paragraph, as the workspace's ↑ / ↓ find it; `from` when there is none. */
export function paragraphStart(model: TextModel, direction: 1 | -1, from: number): number {
  const { words, layout } = model;
  const offset = words[from]?.start ?? 0;
  const blockIndex = layout.blocks.findIndex((block) => offset >= block.start && offset < block.end);
  for (let index = blockIndex + direction; index >= 0 && index < layout.blocks.length; index += direction) {
    const block = layout.blocks[index];
    if (block && block.kind === 'paragraph') {
      const word = wordAt(words, block.start);
      if (word >= 0 && (words[word]?.start ?? Number.POSITIVE_INFINITY) < block.end) return word;
    }
  }
  return from;
}

/** The words wholly inside a mention: its first and last word index (-1 when it holds none). */
function wordsInside(model: TextModel, mention: TextRange): { first: number; last: number } {
  let first = -1;
  let last = -1;
  model.words.forEach((word, index) => {
    if (word.start >= mention.start && word.end <= mention.end) {
      if (first < 0) first = index;
      last = index;
    }
  });
  return { first, last };
}

function wordSpan(model: TextModel, a: number, b: number): TextRange {
  const first = model.words[Math.min(a, b)];
  const last = model.words[Math.max(a, b)];
  if (!first || !last) throw new RangeError('a selection outside the words');
  return { start: first.start, end: last.end };
}

/**
 * The workspace before issue 23 (commit 6bba3a6): ← / → by word, ↑ / ↓ to the first word of the
 * previous / next paragraph, Home / End to the answer's first / the text's last word; with Shift, the
 * anchor stays. A mark names one case; the flags are plain letters.
 */
export const KEYS_BEFORE: Keymap = {
  name: 'before',
  multiCase: false,
  firstCases: ['current'],
  skipsNamedFactor: false,
  flagKey: { abstained: 'a', exact_phrase: 'e', truncated: 'x' },
  rangeOf: (model, selection) => wordSpan(model, selection.anchor, selection.focus),
  reachable: (model, mention) => {
    const { first, last } = wordsInside(model, mention);
    if (first < 0) throw new RangeError('a mention without a whole word');
    return wordSpan(model, first, last);
  },
  moves: (model, from) => {
    const last = model.words.length - 1;
    const answerWord = wordAt(model.words, model.layout.answerStart);
    // Without a keyboard selection yet, the first key starts at the answer's first word (← / → stay on it).
    const focus = from?.focus ?? answerWord;
    const stepped = (delta: number) => (from ? Math.min(last, Math.max(0, focus + delta)) : focus);
    const targets: [string, number][] = [
      ['ArrowRight', stepped(1)],
      ['ArrowLeft', stepped(-1)],
      ['ArrowDown', paragraphStart(model, 1, focus)],
      ['ArrowUp', paragraphStart(model, -1, focus)],
      ['Home', answerWord],
      ['End', last],
    ];
    const moves: Move[] = [];
    for (const [key, to] of targets) {
      moves.push({ keys: [press(key)], cost: 1, to: { anchor: to, focus: to, shown: true } });
      if (from)
        moves.push({
          keys: [press(shifted(key))],
          cost: 1,
          to: { anchor: from.anchor, focus: to, shown: true },
        });
    }
    return moves;
  },
};

/** A find: typed `query`, Enter, then `again` presses of N; from a selection it gives the selection it makes. */
export interface FindMove {
  readonly query: string;
  readonly again: number;
  readonly to: (from: Selection | null) => Selection | null;
}

const UNIT_KEYS: readonly (readonly [string, TextUnit, 1 | -1])[] = [
  ['ArrowRight', 'word', 1],
  ['ArrowLeft', 'word', -1],
  ['Ctrl+ArrowRight', 'phrase', 1],
  ['Ctrl+ArrowLeft', 'phrase', -1],
  ['Ctrl+ArrowDown', 'sentence', 1],
  ['Ctrl+ArrowUp', 'sentence', -1],
  ['ArrowDown', 'paragraph', 1],
  ['ArrowUp', 'paragraph', -1],
];
/** Longest query and most N presses a plan tries for one find. */
const FIND_QUERY_LONGEST = 8;
const FIND_AGAIN_MOST = 3;

/**
 * The workspace of issue 23 (client/workspace/text-navigation.ts, whose functions this calls): ← / →
 * by word, Ctrl+← / → by phrase, Ctrl+↑ / ↓ by sentence, ↑ / ↓ by paragraph, Home / End, each with
 * Shift to select; find-to-select (/, letters, Enter, N); brackets kept whole; one mark for several
 * cases (the last mark's offered, others typed); the palette skips the factor a selection names;
 * the flags take Alt.
 */
export const KEYS_AFTER: Keymap = {
  name: 'after',
  multiCase: true,
  firstCases: ['current'],
  skipsNamedFactor: true,
  flagKey: { abstained: 'Alt+A', exact_phrase: 'Alt+E', truncated: 'Alt+X' },
  rangeOf: (model, selection) => {
    const range = selectedRange(model.text, model.units, selection.anchor, selection.focus);
    if (!range) throw new RangeError('a selection outside the words');
    return range;
  },
  reachable: (model, mention) => {
    const { words } = model.units;
    const first = words.findIndex((word) => word.start >= mention.start && word.end <= mention.end);
    const last = words.findLastIndex((word) => word.start >= mention.start && word.end <= mention.end);
    const range = first < 0 ? null : selectedRange(model.text, model.units, first, last);
    if (!range) throw new RangeError('a mention without a whole word of the answer');
    return range;
  },
  moves: (model, from) => {
    const { units } = model;
    const last = units.words.length - 1;
    // Without a keyboard selection yet, keys start from the answer's first word (← / → stay on it).
    const anchor = from?.anchor ?? 0;
    const focus = from?.focus ?? 0;
    const moves: Move[] = [];
    for (const [key, unit, direction] of UNIT_KEYS) {
      const to = from === null && unit === 'word' ? focus : moveCaret(units, focus, unit, direction);
      moves.push({ keys: [press(key)], cost: 1, to: { anchor: to, focus: to, shown: true } });
      const extended =
        from === null && unit === 'word' ? focus : extendFocus(units, anchor, focus, unit, direction);
      moves.push({ keys: [press(shifted(key))], cost: 1, to: { anchor, focus: extended, shown: true } });
    }
    for (const [key, to] of [
      ['Home', 0],
      ['End', last],
    ] as const) {
      moves.push({ keys: [press(key)], cost: 1, to: { anchor: to, focus: to, shown: true } });
      moves.push({ keys: [press(shifted(key))], cost: 1, to: { anchor, focus: to, shown: true } });
    }
    return moves;
  },
  finds: (model, mention) => {
    const { text, units } = model;
    const moves: FindMove[] = [];
    for (let length = 1; length <= FIND_QUERY_LONGEST; length += 1) {
      const query = text.slice(mention.start, mention.start + length);
      if (query.length < length || /\s$/u.test(query)) break;
      const matches = findMatches(text, units, query);
      for (let again = 0; again <= FIND_AGAIN_MOST; again += 1)
        moves.push({
          query,
          again,
          to: (from) => {
            // Find opens from the keyboard's focus (the first word without one).
            const start = units.words[from?.focus ?? 0]?.start ?? 0;
            let match = nextMatch(matches, start - 1, 1);
            for (let press = 0; press < again && match; press += 1) {
              const words = wordsOfRange(units, match);
              match = words ? matchBeyond(text, units, matches, words, 1) : undefined;
            }
            const words = match ? wordsOfRange(units, match) : null;
            return words ? { ...words, shown: true } : null;
          },
        });
    }
    return moves;
  },
};

export function textModel(text: string, finishReason: string | null): TextModel {
  const layout = layoutArgument(text, finishReason);
  return { text, words: wordRanges(text), layout, units: textUnits(text, layout) };
}

/**
 * The cheapest keys from `from` to a shown selection covering exactly `goal` (Dijkstra over
 * selections; moves cost their key presses).
 */
function selectKeys(
  keymap: Keymap,
  model: TextModel,
  from: Selection | null,
  goal: TextRange,
): { keys: KeyStep[]; at: Selection } {
  const n = Math.max(model.words.length, model.units.words.length);
  const id = (selection: Selection) =>
    (selection.anchor * n + selection.focus) * 2 + (selection.shown ? 1 : 0);
  const finds = keymap.finds?.(model, goal) ?? [];
  const reached = (selection: Selection) => {
    if (!selection.shown) return false;
    const range = keymap.rangeOf(model, selection);
    return range.start === goal.start && range.end === goal.end;
  };
  if (from && reached(from)) return { keys: [], at: from };
  const best = new Map<number, number>();
  const back = new Map<number, { previous: number | null; keys: readonly KeyStep[]; at: Selection }>();
  // Costs are small integers: a bucket queue.
  const buckets: (Selection | null)[][] = [[from]];
  const startId = from ? id(from) : -1;
  best.set(startId, 0);
  back.set(startId, { previous: null, keys: [], at: from ?? { anchor: 0, focus: 0, shown: false } });
  for (let cost = 0; cost < buckets.length; cost += 1) {
    for (const current of buckets[cost] ?? []) {
      const currentId = current ? id(current) : -1;
      if ((best.get(currentId) ?? Number.POSITIVE_INFINITY) < cost) continue;
      if (current && reached(current)) {
        const keys: KeyStep[] = [];
        for (let at: number | null = currentId; at !== null; ) {
          const step = back.get(at);
          if (!step) break;
          keys.unshift(...step.keys);
          at = step.previous;
        }
        return { keys, at: current };
      }
      const findMoves: Move[] = finds.flatMap((find) => {
        const to = find.to(current);
        if (!to) return [];
        const keys: KeyStep[] = [
          press('/'),
          { kind: 'wait', until: 'find-open' },
          { kind: 'type', text: find.query, purpose: 'navigate' },
          press('Enter'),
          ...Array.from({ length: find.again }, () => press('n')),
        ];
        return [{ keys, cost: 2 + [...find.query].length + find.again, to }];
      });
      for (const move of [...keymap.moves(model, current), ...findMoves]) {
        const next = cost + move.cost;
        const nextId = id(move.to);
        if (next >= (best.get(nextId) ?? Number.POSITIVE_INFINITY)) continue;
        best.set(nextId, next);
        back.set(nextId, { previous: currentId, keys: move.keys, at: move.to });
        const bucket = buckets[next] ?? [];
        bucket.push(move.to);
        buckets[next] = bucket;
      }
    }
  }
  throw new Error(`no key sequence selects [${goal.start}, ${goal.end}) with the ${keymap.name} keys`);
}

/** The shortest type-ahead that puts `factor` first in the palette's list (nothing when the palette preselects it). */
export function factorQuery(selected: string, factor: Span['factor']): string {
  if (factor === 'unlisted') throw new Error('the plan does not type unlisted factors');
  if (detectFactorInSelection(selected) === factor) return '';
  const candidates = [factor.slice(1)];
  for (let length = 1; length <= 3; length += 1) candidates.push(factor.slice(1, 1 + length));
  const found = candidates
    .filter((query) => searchFactors(query)[0]?.factor.id === factor)
    .sort((a, b) => a.length - b.length)[0];
  if (found === undefined) throw new Error(`no short query finds ${factor}`);
  return found;
}

const STYLE_ORDER: readonly MentionStyle[] = ['code', 'name', 'paraphrase'];

/** The palette's keys for one mark: the factor, the case(s), polarity, style, Enter. */
function paletteKeys(
  keymap: Keymap,
  text: string,
  mark: PlannedMark,
  lastCases: readonly CaseId[],
): KeyStep[] {
  const selected = text.slice(mark.range.start, mark.range.end);
  const keys: KeyStep[] = [press('Enter', 'palette')];
  const query = factorQuery(selected, mark.factor);
  if (!(keymap.skipsNamedFactor && query === '')) {
    keys.push({ kind: 'wait', until: 'palette-factor' });
    if (query !== '') keys.push({ kind: 'type', text: query, purpose: 'palette' });
    keys.push(press('Enter', 'palette'));
  }
  keys.push({ kind: 'wait', until: 'palette-details' });
  const caseKey = (caseId: CaseId) => String(CASES.indexOf(caseId) + 1);
  if (keymap.multiCase) {
    // The last mark's cases are offered; other cases are typed, each once (the first key starts afresh).
    const same =
      mark.cases.length === lastCases.length && mark.cases.every((caseId) => lastCases.includes(caseId));
    if (!same) for (const caseId of mark.cases) keys.push(press(caseKey(caseId), 'palette'));
  } else {
    const [only] = mark.cases;
    if (only === undefined || mark.cases.length !== 1) throw new Error('one case per mark with these keys');
    if (!lastCases.includes(only)) keys.push(press(caseKey(only), 'palette'));
  }
  if (mark.polarity === 'negated') keys.push(press('n', 'palette'));
  const suggested = suggestMentionStyle(selected, mark.factor);
  const cycles = (STYLE_ORDER.indexOf(mark.style) - STYLE_ORDER.indexOf(suggested) + 3) % 3;
  for (let cycle = 0; cycle < cycles; cycle += 1) keys.push(press('s', 'palette'));
  keys.push(press('Enter', 'palette'), { kind: 'wait', until: 'palette-closed' });
  return keys;
}

/**
 * The marks that annotate `target` with `keymap`: its spans grouped by range, factor, polarity and
 * style (one mark per group where marks name several cases, else one per span), each over the
 * closest range the keymap can select, in text order.
 */
export function plannedMarks(keymap: Keymap, model: TextModel, target: Judgement): PlannedMark[] {
  const groups = new Map<string, { span: Span; cases: CaseId[] }>();
  for (const span of target.spans) {
    if (span.factor === 'unlisted') throw new Error('the plan does not mark unlisted factors');
    const key = `${span.start}:${span.end}:${span.factor}:${span.polarity}:${span.style}`;
    const group = groups.get(key);
    if (group) group.cases.push(span.case);
    else groups.set(key, { span, cases: [span.case] });
  }
  const marks: PlannedMark[] = [];
  for (const { span, cases } of groups.values()) {
    const range = keymap.reachable(model, span);
    const ordered = CASES.filter((caseId) => cases.includes(caseId));
    const split = keymap.multiCase ? [ordered] : ordered.map((caseId) => [caseId]);
    for (const caseSet of split)
      marks.push({ range, factor: span.factor, cases: caseSet, polarity: span.polarity, style: span.style });
  }
  return marks.sort((a, b) => a.range.start - b.range.start || a.range.end - b.range.end);
}

/** Every key press that annotates `target` completely from the opened item, then submits it. */
export function planItem(
  keymap: Keymap,
  text: string,
  finishReason: string | null,
  target: Judgement,
): { steps: KeyStep[]; marks: PlannedMark[] } {
  const model = textModel(text, finishReason);
  const marks = plannedMarks(keymap, model, target);
  const steps: KeyStep[] = [];
  if (target.spans.length < target.current.length + target.tsc1.length + target.tsc2.length) {
    const marked = new Set(target.spans.map((span) => `${span.case}:${span.factor}`));
    const bare = CASES.flatMap((caseId) =>
      target[caseId].filter((factor) => !marked.has(`${caseId}:${factor}`)),
    );
    if (bare.length > 0) throw new Error(`the plan does not tick cells without a mark (${bare.join(', ')})`);
  }
  let selection: Selection | null = null;
  let lastCases: readonly CaseId[] = keymap.firstCases;
  if (marks.length > 0) steps.push(press('t', 'other'));
  for (const mark of marks) {
    const reached = selectKeys(keymap, model, selection, mark.range);
    steps.push(...reached.keys, ...paletteKeys(keymap, text, mark, lastCases));
    selection = { ...reached.at, shown: false };
    lastCases = mark.cases;
  }
  if (target.exact_phrase) steps.push(press(keymap.flagKey.exact_phrase, 'other'));
  else if (target.abstained) steps.push(press(keymap.flagKey.abstained, 'other'));
  if (target.truncated) steps.push(press(keymap.flagKey.truncated, 'other'));
  steps.push(press('Control+Enter', 'other'));
  return { steps, marks };
}

/** Key presses in a plan (typed text counts one per character), in all and by purpose. */
export function countKeys(steps: readonly KeyStep[]): Record<Purpose | 'total', number> {
  const counts = { navigate: 0, palette: 0, other: 0, total: 0 };
  for (const step of steps) {
    if (step.kind === 'wait') continue;
    const presses = step.kind === 'press' ? 1 : [...step.text].length;
    counts[step.purpose] += presses;
    counts.total += presses;
  }
  return counts;
}
