import { type KeyboardEvent, memo, type Ref, useMemo, useRef } from 'react';
import type { Span } from '../../../shared/schemas/annotation.ts';
import { selectionRange, selectRange } from '../../workspace/dom-offsets.ts';
import { rangeOfWords, snapToWords, type TextRange, wordAt, wordRanges } from '../../workspace/selection.ts';
import { type ArgumentLayout, type LayoutBlock, segmentsWithMarks } from '../../workspace/text-layout.ts';
import { CASE_SHORT } from './case-labels.ts';

/** The id of the selection the palette is open for, shown until it becomes a mark. */
const PENDING = 'pending';
/** The id of an extractor's evidence the adjudicator asked to see (the reveal), drawn over whatever is there. */
const EVIDENCE = 'evidence';

/** Two annotators' spans, drawn under the gold as A (over-line) and B (under-line) on the adjudication screen. */
export interface SpanLayers {
  readonly a: readonly Span[];
  readonly b: readonly Span[];
}

interface Mark {
  readonly start: number;
  readonly end: number;
  readonly id: string;
}

interface BlockProps {
  readonly text: string;
  readonly block: LayoutBlock;
  readonly marks: readonly Mark[];
  readonly spans: readonly Span[];
  readonly layers: SpanLayers | undefined;
  /** Changes whenever this block's marks or selection change, so unchanged blocks skip rendering. */
  readonly renderKey: string;
  readonly selected: ReadonlySet<number>;
}

function markClass(span: Span, selected: boolean): string {
  return `mark mark-${span.case}${span.polarity === 'negated' ? ' mark-negated' : ''}${selected ? ' is-selected' : ''}`;
}

function markTitle(span: Span): string {
  const factor = span.factor === 'unlisted' ? `unlisted “${span.text ?? ''}”` : span.factor;
  return `${factor} · ${CASE_SHORT[span.case]} · ${span.polarity} · ${span.style}`;
}

/** Layer marks (the annotators' spans shown under the gold) have ids `A3`, `B0`: label and index. */
const LAYER_ID = /^([AB])(\d+)$/;

function layerClasses(markIds: readonly string[]): string {
  const labels = new Set(markIds.map((id) => LAYER_ID.exec(id)?.[1]).filter((label) => label !== undefined));
  return [...labels].map((label) => ` layer-${label.toLowerCase()}`).join('');
}

/** One paragraph or heading: its text cut at mark boundaries, each run carrying its offset. */
const Block = memo(
  function Block({ text, block, marks, spans, layers, selected }: BlockProps) {
    const pieces = segmentsWithMarks(block.start, block.end, marks);
    const children = pieces.map((piece) => {
      const content = text.slice(piece.start, piece.end);
      const layered = layerClasses(piece.markIds);
      const layerTitle = piece.markIds
        .map((id) => {
          const [, label, index] = LAYER_ID.exec(id) ?? [];
          const span =
            label && index !== undefined ? layers?.[label === 'A' ? 'a' : 'b'][Number(index)] : undefined;
          return span ? `${label}: ${markTitle(span)}` : undefined;
        })
        .filter((line) => line !== undefined)
        .join('\n');
      if (piece.markIds.includes(PENDING))
        return (
          <mark key={piece.start} data-s={piece.start} className={`mark mark-pending${layered}`}>
            {content}
          </mark>
        );
      const evidence = piece.markIds.includes(EVIDENCE) ? ' mark-evidence' : '';
      const goldIds = piece.markIds.filter((id) => /^\d+$/.test(id));
      const top = goldIds[goldIds.length - 1];
      const span = top === undefined ? undefined : spans[Number(top)];
      if (span === undefined && evidence !== '')
        return (
          <mark key={piece.start} data-s={piece.start} className={`mark${evidence}${layered}`}>
            {content}
          </mark>
        );
      if (span === undefined)
        return (
          <span
            key={piece.start}
            data-s={piece.start}
            className={layered === '' ? undefined : layered.trim()}
            title={layerTitle || undefined}
          >
            {content}
          </span>
        );
      const isSelected = goldIds.some((id) => selected.has(Number(id)));
      return (
        <mark
          key={piece.start}
          data-s={piece.start}
          data-span={top}
          className={`${markClass(span, isSelected)}${goldIds.length > 1 ? ' mark-stacked' : ''}${evidence}${layered}`}
          title={[...goldIds.map((id) => markTitle(spans[Number(id)] ?? span)), layerTitle]
            .filter(Boolean)
            .join('\n')}
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
  readonly selectedSpans: ReadonlySet<number>;
  /** The range the palette is open for, highlighted while the palette has the focus. */
  readonly pendingRange: TextRange | null;
  /** An extractor's evidence to show (the adjudicator's reveal), when there is one. */
  readonly evidenceRange?: TextRange | null;
  /** The annotators' spans, when adjudicating. */
  readonly layers?: SpanLayers;
  /** A selection to mark (mouse release or Enter / M on a keyboard selection), snapped to words. */
  readonly onMarkRequest: (range: TextRange) => void;
  readonly onSpanClick: (index: number) => void;
  readonly onOutsideAnswer: () => void;
  readonly containerRef: Ref<HTMLDivElement>;
}

function marksOf(spans: readonly Span[]): Mark[] {
  return spans.map((span, index) => ({ start: span.start, end: span.end, id: String(index) }));
}

/**
 * The argument, rendered as text (never as HTML), in its blocks: ply headings, paragraphs, and a
 * collapsed reasoning trace that is not part of the argument. Marks are highlighted by case.
 *
 * Keyboard: ← / → move by word, Shift+← / → extend the selection word by word, ↑ / ↓ jump a
 * paragraph, Enter or M marks the selection.
 */
export function ArgumentText(props: ArgumentTextProps) {
  const { text, layout, spans, selectedSpans } = props;
  const words = useMemo(() => wordRanges(text), [text]);
  const caret = useRef<{ anchor: number; focus: number } | null>(null);
  const localRef = useRef<HTMLDivElement | null>(null);
  const { pendingRange, layers, evidenceRange } = props;
  const marks = useMemo(() => {
    const layerMarks = (label: 'A' | 'B', of: readonly Span[]): Mark[] =>
      of.map((span, index) => ({ start: span.start, end: span.end, id: `${label}${index}` }));
    const all = marksOf(spans);
    if (layers) all.push(...layerMarks('A', layers.a), ...layerMarks('B', layers.b));
    if (pendingRange) all.push({ ...pendingRange, id: PENDING });
    if (evidenceRange) all.push({ ...evidenceRange, id: EVIDENCE });
    return all;
  }, [spans, pendingRange, layers, evidenceRange]);

  const blocks = layout.blocks.map((block) => {
    const inBlock = marks.filter((mark) => mark.start < block.end && mark.end > block.start);
    const renderKey = inBlock
      .map((mark) => {
        if (mark.id === PENDING || mark.id === EVIDENCE || LAYER_ID.test(mark.id))
          return `${mark.id}:${mark.start}-${mark.end}`;
        const span = spans[Number(mark.id)];
        return `${mark.id}:${mark.start}-${mark.end}:${span?.case}:${span?.polarity}:${span?.factor}:${span?.style}:${selectedSpans.has(Number(mark.id)) ? 1 : 0}`;
      })
      .join('|');
    return { block, inBlock, renderKey };
  });

  function requestMark(range: TextRange | null): void {
    if (range === null) return;
    if (layout.thinkRanges.some((think) => range.start < think.end && range.end > think.start)) {
      props.onOutsideAnswer();
      return;
    }
    const snapped = snapToWords(text, range.start, range.end);
    if (snapped) props.onMarkRequest(snapped);
  }

  function showCaret(anchor: number, focus: number): void {
    const container = localRef.current;
    const range = rangeOfWords(words, anchor, focus);
    if (container === null || range === null) return;
    caret.current = { anchor, focus };
    selectRange(container, range);
    const selection = window.getSelection();
    const node = selection?.focusNode;
    (node instanceof Element ? node : node?.parentElement)?.scrollIntoView({ block: 'nearest' });
  }

  /** The first word of the next (or previous) paragraph: headings and the trace are skipped. */
  function blockStartWord(direction: 1 | -1, from: number): number {
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

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>): void {
    if (event.ctrlKey || event.metaKey || event.altKey || words.length === 0) return;
    const container = localRef.current;
    const current =
      caret.current ??
      (() => {
        const range = container ? selectionRange(container) : null;
        const start = wordAt(words, range?.start ?? layout.answerStart);
        return { anchor: start, focus: start };
      })();
    const last = words.length - 1;
    const step = (delta: number) => Math.min(last, Math.max(0, current.focus + delta));
    let focus: number | undefined;
    switch (event.key) {
      case 'ArrowRight':
        focus = caret.current ? step(1) : current.focus;
        break;
      case 'ArrowLeft':
        focus = caret.current ? step(-1) : current.focus;
        break;
      case 'ArrowDown':
        focus = blockStartWord(1, current.focus);
        break;
      case 'ArrowUp':
        focus = blockStartWord(-1, current.focus);
        break;
      case 'Home':
        focus = wordAt(words, layout.answerStart);
        break;
      case 'End':
        focus = last;
        break;
      case 'Enter':
      case 'm':
      case 'M': {
        event.preventDefault();
        event.stopPropagation();
        requestMark(container ? selectionRange(container) : null);
        return;
      }
      default:
        return;
    }
    event.preventDefault();
    showCaret(event.shiftKey ? current.anchor : focus, focus);
  }

  return (
    <div
      ref={(element) => {
        localRef.current = element;
        if (typeof props.containerRef === 'function') props.containerRef(element);
        else if (props.containerRef) props.containerRef.current = element;
      }}
      className="argument-text"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      role="document"
      aria-label="Argument text. Arrow keys move by word, Shift with arrows selects, Enter marks the selection."
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
      {blocks.map(({ block, inBlock, renderKey }) =>
        block.kind === 'think' ? (
          <details key={block.start} className="think-trace">
            <summary>Reasoning trace — not part of the argument</summary>
            <p className="argument-paragraph">
              <span data-s={block.start}>{text.slice(block.start, block.end)}</span>
            </p>
          </details>
        ) : (
          <Block
            key={block.start}
            text={text}
            block={block}
            marks={inBlock}
            spans={spans}
            layers={layers}
            renderKey={renderKey}
            selected={selectedSpans}
          />
        ),
      )}
    </div>
  );
}
