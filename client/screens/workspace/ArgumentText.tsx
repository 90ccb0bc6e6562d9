import {
  type KeyboardEvent,
  memo,
  type Ref,
  type RefObject,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import {
  type ArgumentLayout,
  type LayoutBlock,
  segmentsWithMarks,
} from '../../../shared/argument-layout/argument-layout.ts';
import type { Span } from '../../../shared/schemas/annotation.ts';
import { CASES } from '../../../shared/vocabulary.ts';
import { scrollOffsetIntoView, selectionRange, selectRange } from '../../workspace/dom-offsets.ts';
import type { Mark } from '../../workspace/marks.ts';
import { snapToWords, type TextRange } from '../../workspace/selection.ts';
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
  wordIndexAt,
  wordsOfRange,
} from '../../workspace/text-navigation.ts';
import { CASE_SHORT } from './case-labels.ts';
import { FindBar } from './FindBar.tsx';

/** The id of the selection the palette is open for, shown until it becomes a mark. */
const PENDING = 'pending';
/** The id of an extractor's evidence the adjudicator asked to see (the reveal), drawn over whatever is there. */
const EVIDENCE = 'evidence';
/** The id of the match find-to-select shows while its query is typed. */
const FOUND = 'found';
const OVERLAYS = new Set([PENDING, EVIDENCE, FOUND]);

/** Two annotators' spans, drawn under the gold as A (over-line) and B (under-line) on the adjudication screen. */
export interface SpanLayers {
  readonly a: readonly Span[];
  readonly b: readonly Span[];
}

/** What the editor asks of the text besides its props: open find-to-select (the / key from anywhere). */
export interface ArgumentTextControl {
  readonly openFind: () => void;
}

interface Piece {
  readonly start: number;
  readonly end: number;
  readonly id: string;
}

interface BlockProps {
  readonly text: string;
  readonly block: LayoutBlock;
  readonly pieces: readonly Piece[];
  /** The mark each span belongs to, by span index. */
  readonly markOf: ReadonlyMap<number, Mark>;
  readonly layers: SpanLayers | undefined;
  /** Changes whenever this block's marks or selection change, so unchanged blocks skip rendering. */
  readonly renderKey: string;
  readonly selected: ReadonlySet<number>;
}

function markTitle(mark: Pick<Mark, 'factor' | 'text' | 'cases' | 'polarity' | 'style'>): string {
  const factor = mark.factor === 'unlisted' ? `unlisted “${mark.text ?? ''}”` : mark.factor;
  return `${factor} · ${mark.cases.map((caseId) => CASE_SHORT[caseId]).join(', ')} · ${mark.polarity} · ${mark.style}`;
}

/** Layer marks (the annotators' spans shown under the gold) have ids `A3`, `B0`: label and index. */
const LAYER_ID = /^([AB])(\d+)$/;

function layerClasses(markIds: readonly string[]): string {
  const labels = new Set(markIds.map((id) => LAYER_ID.exec(id)?.[1]).filter((label) => label !== undefined));
  return [...labels].map((label) => ` layer-${label.toLowerCase()}`).join('');
}

/**
 * The classes of a run of text under gold marks: one underline per case any of them names, stacked
 * (input case lowest), a tint for one case, hatching when all are negated, and a darker tint where
 * marks of different factors overlap.
 */
function goldClasses(marks: readonly Mark[], selected: boolean): string {
  const cases = CASES.filter((caseId) => marks.some((mark) => mark.cases.includes(caseId)));
  const negated = marks.every((mark) => mark.polarity === 'negated');
  return `mark mark-cases-${cases.join('-')}${negated ? ' mark-negated' : ''}${marks.length > 1 ? ' mark-overlap' : ''}${selected ? ' is-selected' : ''}`;
}

/** One paragraph or heading: its text cut at mark boundaries, each run carrying its offset. */
const Block = memo(
  function Block({ text, block, pieces, markOf, layers, selected }: BlockProps) {
    const segments = segmentsWithMarks(block.start, block.end, pieces);
    const children = segments.map((segment) => {
      const content = text.slice(segment.start, segment.end);
      const layered = layerClasses(segment.markIds);
      const layerTitle = segment.markIds
        .map((id) => {
          const [, label, index] = LAYER_ID.exec(id) ?? [];
          const span =
            label && index !== undefined ? layers?.[label === 'A' ? 'a' : 'b'][Number(index)] : undefined;
          return span ? `${label}: ${markTitle({ ...span, cases: [span.case] })}` : undefined;
        })
        .filter((line) => line !== undefined)
        .join('\n');
      const overlay = (id: string, className: string) =>
        segment.markIds.includes(id) ? ` ${className}` : '';
      if (segment.markIds.includes(PENDING))
        return (
          <mark key={segment.start} data-s={segment.start} className={`mark mark-pending${layered}`}>
            {content}
          </mark>
        );
      const overlays = `${overlay(EVIDENCE, 'mark-evidence')}${overlay(FOUND, 'mark-found')}`;
      const goldIds = segment.markIds.filter((id) => !OVERLAYS.has(id) && !LAYER_ID.test(id)).map(Number);
      const marks = [
        ...new Set(goldIds.map((index) => markOf.get(index)).filter((mark) => mark !== undefined)),
      ];
      const top = goldIds[goldIds.length - 1];
      if (top === undefined || marks.length === 0) {
        if (overlays !== '')
          return (
            <mark key={segment.start} data-s={segment.start} className={`mark${overlays}${layered}`}>
              {content}
            </mark>
          );
        return (
          <span
            key={segment.start}
            data-s={segment.start}
            className={layered === '' ? undefined : layered.trim()}
            title={layerTitle || undefined}
          >
            {content}
          </span>
        );
      }
      const isSelected = goldIds.some((index) => selected.has(index));
      return (
        <mark
          key={segment.start}
          data-s={segment.start}
          data-span={top}
          className={`${goldClasses(marks, isSelected)}${overlays}${layered}`}
          title={[...marks.map(markTitle), layerTitle].filter(Boolean).join('\n')}
        >
          {content}
        </mark>
      );
    });
    if (block.kind === 'heading')
      return (
        <h3 className="ply-heading" data-ply={block.ply}>
          {children}
        </h3>
      );
    return <p className="argument-paragraph">{children}</p>;
  },
  (before, after) => before.renderKey === after.renderKey && before.text === after.text,
);

export interface ArgumentTextProps {
  readonly text: string;
  readonly layout: ArgumentLayout;
  readonly spans: readonly Span[];
  /** The spans grouped into marks (one per range, factor, polarity and style; several cases each). */
  readonly marks: readonly Mark[];
  readonly selectedSpans: ReadonlySet<number>;
  /** Where the selected mark starts: the keyboard starts from there. */
  readonly selectedMarkStart: number | null;
  /** The range the palette is open for, highlighted while the palette has the focus. */
  readonly pendingRange: TextRange | null;
  /** An extractor's evidence to show (the adjudicator's reveal), when there is one. */
  readonly evidenceRange?: TextRange | null;
  /** The annotators' spans, when adjudicating. */
  readonly layers?: SpanLayers;
  /** A selection to mark (mouse release or Enter on a keyboard selection), snapped to words. */
  readonly onMarkRequest: (range: TextRange) => void;
  readonly onSpanClick: (index: number) => void;
  /** Enter without a selection: open the selected mark for editing. */
  readonly onEditSelected: () => void;
  /** Delete or Backspace: remove the selected mark. */
  readonly onRemoveSelected: () => void;
  readonly onOutsideAnswer: () => void;
  readonly containerRef: Ref<HTMLDivElement>;
  readonly controlRef?: RefObject<ArgumentTextControl | null>;
}

interface Caret {
  readonly anchor: number;
  readonly focus: number;
}

interface FindState {
  readonly query: string;
  /** Where the search starts: the first match after this offset is shown first. */
  readonly from: number;
  /** The start of the match shown, once ↓ / ↑ moved off the first. */
  readonly at: number | null;
}

const UNIT_OF_KEY: Readonly<Record<string, readonly [TextUnit, TextUnit, 1 | -1]>> = {
  // key: [unit without Ctrl, unit with Ctrl, direction]
  ArrowRight: ['word', 'phrase', 1],
  ArrowLeft: ['word', 'phrase', -1],
  ArrowDown: ['paragraph', 'sentence', 1],
  ArrowUp: ['paragraph', 'sentence', -1],
};

/** Every piece the text underlines: the spans (by index), the A and B layers, the pending selection, the evidence, the find match. */
function allPieces(
  spans: readonly Span[],
  layers: SpanLayers | undefined,
  [pendingRange, evidenceRange, found]: readonly [
    TextRange | null | undefined,
    TextRange | null | undefined,
    TextRange | undefined,
  ],
): Piece[] {
  const layerPieces = (label: 'A' | 'B', of: readonly Span[]): Piece[] =>
    of.map((span, index) => ({ start: span.start, end: span.end, id: `${label}${index}` }));
  const all: Piece[] = spans.map((span, index) => ({
    start: span.start,
    end: span.end,
    id: String(index),
  }));
  if (layers) all.push(...layerPieces('A', layers.a), ...layerPieces('B', layers.b));
  if (pendingRange) all.push({ ...pendingRange, id: PENDING });
  if (evidenceRange) all.push({ ...evidenceRange, id: EVIDENCE });
  if (found) all.push({ ...found, id: FOUND });
  return all;
}

/** One block with the pieces inside it and the key that changes whenever what it shows does. */
function blockPieces(
  block: LayoutBlock,
  pieces: readonly Piece[],
  spans: readonly Span[],
  markOf: ReadonlyMap<number, Mark>,
  selectedSpans: ReadonlySet<number>,
): { block: LayoutBlock; inBlock: Piece[]; renderKey: string } {
  const inBlock = pieces.filter((piece) => piece.start < block.end && piece.end > block.start);
  const renderKey = inBlock
    .map((piece) => {
      if (OVERLAYS.has(piece.id) || LAYER_ID.test(piece.id)) return `${piece.id}:${piece.start}-${piece.end}`;
      const index = Number(piece.id);
      const span = spans[index];
      const mark = markOf.get(index);
      return `${piece.id}:${piece.start}-${piece.end}:${mark?.cases.join()}:${span?.polarity}:${span?.factor}:${span?.style}:${selectedSpans.has(index) ? 1 : 0}`;
    })
    .join('|');
  return { block, inBlock, renderKey };
}

/**
 * Where the caret's focus goes on an arrow, Home or End (undefined for any other key): by the
 * key's unit (with Ctrl the finer one), extending the selection with Shift; the first ← / → only
 * shows where the keyboard starts.
 */
function focusAfterKey(
  units: TextUnits,
  current: Caret,
  fresh: boolean,
  key: { readonly key: string; readonly command: boolean; readonly shift: boolean },
): number | undefined {
  const unitOfKey = UNIT_OF_KEY[key.key];
  if (unitOfKey) {
    const [plainUnit, commandUnit, direction] = unitOfKey;
    const unit = key.command ? commandUnit : plainUnit;
    if (fresh && unit === 'word') return current.focus;
    if (key.shift) return extendFocus(units, current.anchor, current.focus, unit, direction);
    return moveCaret(units, current.focus, unit, direction);
  }
  if (key.key === 'Home') return 0;
  if (key.key === 'End') return units.words.length - 1;
  return undefined;
}

/** A reasoning trace: shown collapsed, as not part of the argument, and never marked. */
function ThinkBlock({ text, block }: { readonly text: string; readonly block: LayoutBlock }) {
  return (
    <details className="think-trace">
      <summary>Reasoning trace — not part of the argument</summary>
      <p className="argument-paragraph">
        <span data-s={block.start}>{text.slice(block.start, block.end)}</span>
      </p>
    </details>
  );
}

/**
 * The keyboard's caret over the text's words: where it is (null once the mouse selects), showing a
 * caret as the DOM selection, where the keyboard starts — its own selection, else the mouse's, else
 * the selected mark, else the first word — and selecting a find match.
 */
function useKeyboardCaret(
  localRef: RefObject<HTMLDivElement | null>,
  text: string,
  units: TextUnits,
  selectedMarkStart: number | null,
) {
  const caret = useRef<Caret | null>(null);

  // A mark selected elsewhere ([ ], the list, the grid): the keyboard starts from it.
  useEffect(() => {
    if (selectedMarkStart !== null) caret.current = null;
  }, [selectedMarkStart]);

  function showCaret(anchor: number, focus: number): void {
    const container = localRef.current;
    const range = selectedRange(text, units, anchor, focus);
    if (container === null || range === null) return;
    caret.current = { anchor, focus };
    selectRange(container, range);
    const node = window.getSelection()?.focusNode;
    (node instanceof Element ? node : node?.parentElement)?.scrollIntoView({ block: 'nearest' });
  }

  function startingCaret(): Caret {
    if (caret.current) return caret.current;
    const container = localRef.current;
    const offset = (container ? selectionRange(container)?.start : undefined) ?? selectedMarkStart ?? 0;
    const at = wordIndexAt(units, offset);
    return { anchor: at, focus: at };
  }

  function selectMatch(match: TextRange | undefined): void {
    const words = match ? wordsOfRange(units, match) : null;
    if (words) showCaret(words.anchor, words.focus);
  }

  /** Where a find starts: the caret's word, else the mouse's selection, else the first word. */
  function findStart(): number {
    const container = localRef.current;
    return (
      (caret.current ? units.words[caret.current.focus]?.start : undefined) ??
      (container ? selectionRange(container)?.start : undefined) ??
      units.words[0]?.start ??
      0
    );
  }

  return { caret, showCaret, startingCaret, selectMatch, findStart };
}

/**
 * Find-to-select's state: the query, its matches, the match shown (scrolled into view) and the
 * bar's status ("2 of 5"); `lastQuery` is the last query a find selected by, for n / N.
 */
function useFind(text: string, units: TextUnits, localRef: RefObject<HTMLDivElement | null>) {
  const [find, setFind] = useState<FindState | null>(null);
  const lastQuery = useRef('');
  const matches = useMemo(() => (find ? findMatches(text, units, find.query) : []), [find, text, units]);
  const found = find
    ? ((find.at === null ? undefined : matches.find((match) => match.start === find.at)) ??
      nextMatch(matches, find.from, 1))
    : undefined;
  const status =
    find && find.query.trim() !== ''
      ? found
        ? `${matches.indexOf(found) + 1} of ${matches.length}`
        : 'no match'
      : '';
  useEffect(() => {
    if (found && localRef.current) scrollOffsetIntoView(localRef.current, found.start);
  }, [found, localRef]);
  return { find, setFind, matches, found, status, lastQuery };
}

/**
 * The argument, rendered as text (never as HTML), in its blocks: ply headings, paragraphs, and a
 * collapsed reasoning trace that is not part of the argument. Marks show one underline per case.
 * Keyboard (docs in workspace-keys.ts): arrows move by word and paragraph, with Ctrl by phrase and
 * sentence, with Shift they select; Home / End; / finds, n / N go to the next / previous match;
 * Enter marks the selection or edits the selected mark; Delete removes it.
 */
export function ArgumentText(props: ArgumentTextProps) {
  const { text, layout, spans, marks, selectedSpans, selectedMarkStart } = props;
  const units = useMemo(() => textUnits(text, layout), [text, layout]);
  const localRef = useRef<HTMLDivElement | null>(null);
  const { caret, showCaret, startingCaret, selectMatch, findStart } = useKeyboardCaret(
    localRef,
    text,
    units,
    selectedMarkStart,
  );
  const { find, setFind, matches, found, status, lastQuery } = useFind(text, units, localRef);
  const [reselect, setReselect] = useState(0);
  const { pendingRange, layers, evidenceRange } = props;

  const markOf = useMemo(() => {
    const byIndex = new Map<number, Mark>();
    for (const mark of marks) for (const index of mark.indices) byIndex.set(index, mark);
    return byIndex;
  }, [marks]);

  const pieces = useMemo(
    () => allPieces(spans, layers, [pendingRange, evidenceRange, found]),
    [spans, pendingRange, layers, evidenceRange, found],
  );
  const blocks = layout.blocks.map((block) => blockPieces(block, pieces, spans, markOf, selectedSpans));

  useImperativeHandle(props.controlRef, () => ({
    openFind: () => setFind({ query: '', from: findStart() - 1, at: null }),
  }));

  // After find-to-select closes, its highlight leaves the text and the blocks render anew: the
  // selection it made is shown again on the new text nodes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a find closed (reselect), with the caret it left
  useLayoutEffect(() => {
    if (reselect > 0 && caret.current) showCaret(caret.current.anchor, caret.current.focus);
  }, [reselect]);

  function requestMark(range: TextRange | null): void {
    if (range === null) return;
    if (layout.thinkRanges.some((think) => range.start < think.end && range.end > think.start)) {
      props.onOutsideAnswer();
      return;
    }
    const snapped = snapToWords(text, range.start, range.end);
    if (snapped) props.onMarkRequest(snapped);
  }

  function closeFind(backToText: boolean, select: boolean): void {
    if (find === null) return;
    if (select && found) {
      lastQuery.current = find.query;
      const words = wordsOfRange(units, found);
      if (words) caret.current = words;
    }
    setFind(null);
    if (backToText || select) localRef.current?.focus({ preventScroll: true });
    if (select) setReselect((count) => count + 1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.altKey || units.words.length === 0) return;
    const command = event.ctrlKey || event.metaKey;
    const fresh = caret.current === null;
    const current = startingCaret();
    const key = event.key;
    const focus = focusAfterKey(units, current, fresh, { key, command, shift: event.shiftKey });
    if (focus !== undefined) {
      event.preventDefault();
      showCaret(event.shiftKey ? current.anchor : focus, focus);
    } else if (command) {
      return;
    } else if (key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      const range = localRef.current ? selectionRange(localRef.current) : null;
      if (range) requestMark(range);
      else props.onEditSelected();
      return;
    } else if (key === 'Delete' || key === 'Backspace') {
      event.preventDefault();
      props.onRemoveSelected();
      return;
    } else if ((key === 'n' || key === 'N') && lastQuery.current !== '') {
      event.preventDefault();
      const matches = findMatches(text, units, lastQuery.current);
      selectMatch(matchBeyond(text, units, matches, current, key === 'n' ? 1 : -1));
    }
  }

  return (
    <>
      {find && (
        <FindBar
          query={find.query}
          status={status}
          onQuery={(query) => setFind({ ...find, query, at: null })}
          onSelect={() => closeFind(true, true)}
          onStep={(direction) => {
            const next = found ? nextMatch(matches, found.start, direction) : undefined;
            if (next) setFind({ ...find, at: next.start });
          }}
          onClose={(backToText) => closeFind(backToText, false)}
        />
      )}
      <div
        ref={(element) => {
          localRef.current = element;
          if (typeof props.containerRef === 'function') props.containerRef(element);
          else if (props.containerRef) props.containerRef.current = element;
        }}
        className="argument-text"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the text takes the keyboard's selection keys
        tabIndex={0}
        role="document"
        aria-label="Argument text. Arrow keys move by word, with Ctrl by phrase; Shift with arrows selects; / finds; Enter marks the selection."
        onKeyDown={onKeyDown}
        onMouseDown={() => {
          caret.current = null;
        }}
        onMouseUp={(event) => {
          const target = event.target as Element;
          const markIndex = target.closest('[data-span]')?.getAttribute('data-span');
          const range = localRef.current ? selectionRange(localRef.current) : null;
          if (range) requestMark(range);
          else if (markIndex !== undefined && markIndex !== null) props.onSpanClick(Number(markIndex));
        }}
      >
        {blocks.length === 0 && <p className="muted">This response has no text to mark.</p>}
        {blocks.map(({ block, inBlock, renderKey }) =>
          block.kind === 'think' ? (
            <ThinkBlock key={block.start} text={text} block={block} />
          ) : (
            <Block
              key={block.start}
              text={text}
              block={block}
              pieces={inBlock}
              markOf={markOf}
              layers={layers}
              renderKey={renderKey}
              selected={selectedSpans}
            />
          ),
        )}
      </div>
    </>
  );
}
