import { useCallback, useMemo, useRef, useState } from 'react';
import type { Judgement, Span } from '../../../shared/schemas/annotation.ts';
import type { CaseId } from '../../../shared/vocabulary.ts';
import { rectOfRange, scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import {
  addSpan,
  removeSpan,
  setComment,
  setFlag,
  spansOfCell,
  toggleCell,
  updateSpan,
} from '../../workspace/judgement-edit.ts';
import type { TextRange } from '../../workspace/selection.ts';
import {
  canRedo,
  canUndo,
  createHistory,
  push,
  redo,
  type UndoHistory,
  undo,
} from '../../workspace/undo-history.ts';
import { type Cell, cellKey } from './FactorGrid.tsx';
import type { Flag } from './FlagsPanel.tsx';
import type { MarkValues } from './MarkPalette.tsx';
import type { WorkspaceKeyActions } from './useWorkspaceKeys.ts';

export interface PaletteState {
  readonly range: TextRange;
  /** Document coordinates of the range, for placing the palette beside it. */
  readonly anchor: { top: number; bottom: number; left: number } | null;
  readonly editIndex?: number;
}

/** Where the judgement sits in the edited document (the annotation is its judgement; gold adds decisions). */
export interface JudgementLens<TDoc> {
  readonly get: (document: TDoc) => Judgement;
  readonly set: (document: TDoc, judgement: Judgement) => TDoc;
}

export const IDENTITY_LENS: JudgementLens<Judgement> = {
  get: (judgement) => judgement,
  set: (_, judgement) => judgement,
};

export interface EditorOptions<TDoc> {
  readonly text: string;
  readonly initial: TDoc;
  readonly lens: JudgementLens<TDoc>;
  /** Read at the moment of an edit (a submitted or fixed document takes none). */
  readonly isReadOnly: () => boolean;
  /** Every change made here (not one taken from the server) is handed on to be saved. */
  readonly save: (document: TDoc) => void;
}

const GUIDELINES_PREFERENCE = 'factor-audit:show-guidelines';

/** Where the palette goes (document coordinates): beside the range in the text, else at the top of the text. */
function anchorOf(container: HTMLElement | null, range: TextRange): PaletteState['anchor'] {
  const rect = container ? rectOfRange(container, range) : null;
  const box = rect && rect.height > 0 ? rect : container?.getBoundingClientRect();
  if (!box) return null;
  const bottom = rect && rect.height > 0 ? rect.bottom : box.top + 40;
  // Document coordinates, so a scroll between here and the palette's layout does not move it off.
  return { top: box.top + window.scrollY, bottom: bottom + window.scrollY, left: box.left + window.scrollX };
}

function describeMark(values: MarkValues): string {
  const factor = values.factor === 'unlisted' ? 'an unlisted factor' : values.factor;
  const caseName = values.case === 'current' ? 'the input case' : values.case.toUpperCase();
  return `Marked ${factor} for ${caseName}${values.polarity === 'negated' ? ' as negated' : ''}.`;
}

/**
 * The editing of one judgement, shared by the annotator's workspace and the adjudicator's screen:
 * the undo history (of the whole document), marks made through the palette, the grid, the flags and
 * the comment, the selection of marks and cells, and the keyboard actions over them.
 */
export function useJudgementEditor<TDoc>(options: EditorOptions<TDoc>) {
  const { lens, text } = options;
  const latest = useRef(options);
  latest.current = options;
  const [history, setHistory] = useState<UndoHistory<TDoc>>(() => createHistory(options.initial));
  const historyRef = useRef(history);
  const judgement = lens.get(history.present);

  const [palette, setPalette] = useState<PaletteState | null>(null);
  const [selectedSpans, setSelectedSpans] = useState<ReadonlySet<number>>(new Set());
  const [selectedCell, setSelectedCell] = useState<Cell | null>(null);
  const [lastCase, setLastCase] = useState<CaseId>('current');
  const [showHelp, setShowHelp] = useState(false);
  const [showGuidelines, setShowGuidelines] = useState(
    () => window.localStorage.getItem(GUIDELINES_PREFERENCE) === '1',
  );
  const [notice, setNotice] = useState('');
  const textRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);

  /** Shows `next` and, unless it came from the server, saves it. */
  const commit = useCallback((next: UndoHistory<TDoc>, save = true) => {
    historyRef.current = next;
    setHistory(next);
    if (save) latest.current.save(next.present);
  }, []);

  const editDocument = useCallback(
    (change: (current: TDoc) => TDoc) => {
      if (latest.current.isReadOnly()) return;
      const current = historyRef.current;
      const next = change(current.present);
      if (next !== current.present) commit(push(current, next));
    },
    [commit],
  );

  const edit = useCallback(
    (change: (current: Judgement) => Judgement) =>
      editDocument((document) => {
        const before = lens.get(document);
        const after = change(before);
        return after === before ? document : lens.set(document, after);
      }),
    [editDocument, lens],
  );

  const spanCounts = useMemo(() => {
    const counts = new Map<string, number>();
    for (const span of judgement.spans)
      if (span.polarity === 'asserted') {
        const key = cellKey(span.case, span.factor);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    return counts;
  }, [judgement.spans]);

  const currentJudgement = useCallback(() => lens.get(historyRef.current.present), [lens]);

  const selectSpan = useCallback(
    (index: number) => {
      const span = currentJudgement().spans[index];
      if (!span) return;
      setSelectedSpans(new Set([index]));
      setSelectedCell(span.factor === 'unlisted' ? null : { case: span.case, factor: span.factor });
      if (textRef.current) scrollOffsetIntoView(textRef.current, span.start);
    },
    [currentJudgement],
  );
  const selectCell = useCallback(
    (cell: Cell) => {
      setSelectedCell(cell);
      setSelectedSpans(new Set(spansOfCell(currentJudgement(), cell.case, cell.factor)));
    },
    [currentJudgement],
  );

  const requestMark = useCallback((range: TextRange) => {
    if (latest.current.isReadOnly()) {
      setNotice('This item is final; reopen it to add marks.');
      return;
    }
    setPalette({ range, anchor: anchorOf(textRef.current, range) });
  }, []);

  function confirmMark(values: MarkValues): void {
    if (!palette) return;
    const { range, editIndex } = palette;
    const words = text.slice(range.start, range.end);
    const span: Span = {
      start: range.start,
      end: range.end,
      case: values.case,
      factor: values.factor,
      style: values.style,
      polarity: values.polarity,
      ...(values.factor === 'unlisted' ? { text: values.unlistedText.trim() || words.trim() } : {}),
    };
    edit((current) =>
      editIndex === undefined ? addSpan(current, span) : updateSpan(current, editIndex, span),
    );
    setLastCase(values.case);
    setPalette(null);
    window.getSelection()?.removeAllRanges();
    setNotice(describeMark(values));
    textRef.current?.focus();
  }

  const cancelPalette = useCallback(() => {
    setPalette(null);
    textRef.current?.focus();
  }, []);

  const removeMark = useCallback(
    (index: number) => {
      edit((current) => removeSpan(current, index));
      setSelectedSpans(new Set());
      setNotice('Mark removed. Ctrl + Z brings it back.');
    },
    [edit],
  );

  const editMark = useCallback(
    (index: number) => {
      const span = currentJudgement().spans[index];
      if (!span || latest.current.isReadOnly()) return;
      setPalette({
        range: { start: span.start, end: span.end },
        anchor: anchorOf(textRef.current, span),
        editIndex: index,
      });
    },
    [currentJudgement],
  );

  const onToggle = useCallback(
    (cell: Cell) => edit((current) => toggleCell(current, cell.case, cell.factor)),
    [edit],
  );
  const onFlag = useCallback(
    (flag: Flag, value: boolean) => edit((current) => setFlag(current, flag, value)),
    [edit],
  );
  const onComment = useCallback((comment: string) => edit((current) => setComment(current, comment)), [edit]);

  const toggleGuidelines = useCallback(() => {
    setShowGuidelines((shown) => {
      window.localStorage.setItem(GUIDELINES_PREFERENCE, shown ? '0' : '1');
      return !shown;
    });
  }, []);

  const stepUndo = useCallback(
    (step: typeof undo) => {
      const current = historyRef.current;
      const possible = step === undo ? canUndo(current) : canRedo(current);
      if (!latest.current.isReadOnly() && possible) commit(step(current));
    },
    [commit],
  );

  /** The workspace keys over this editor; the screen adds what its primary action is. */
  function keyActions(submit: () => void): WorkspaceKeyActions {
    return {
      enabled: palette === null && !showHelp,
      onHelp: () => setShowHelp(true),
      focusText: () => textRef.current?.focus(),
      focusGrid: () => gridRef.current?.querySelector<HTMLElement>('input[tabindex="0"]')?.focus(),
      focusComment: () => commentRef.current?.focus(),
      toggleGuidelines,
      flag: (flag) => onFlag(flag, !currentJudgement()[flag]),
      undo: () => stepUndo(undo),
      redo: () => stepUndo(redo),
      submit,
      stepMark: (direction) => {
        const count = currentJudgement().spans.length;
        if (count === 0) return;
        const current = [...selectedSpans][0];
        const next =
          current === undefined ? (direction > 0 ? 0 : count - 1) : (current + direction + count) % count;
        selectSpan(next);
      },
      removeSelectedMark: () => {
        const [only] = [...selectedSpans];
        if (selectedSpans.size === 1 && only !== undefined && !latest.current.isReadOnly()) removeMark(only);
      },
      clearSelection: () => {
        setSelectedSpans(new Set());
        setSelectedCell(null);
      },
    };
  }

  return {
    history,
    document: history.present,
    judgement,
    commit,
    /** The document now shown, as the last committed (for handlers that run between renders). */
    current: () => historyRef.current.present,
    edit,
    editDocument,
    undo: () => stepUndo(undo),
    redo: () => stepUndo(redo),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    /** Replaces the document with one the server gave (undo can go back), without saving it. */
    replaceFromServer: (document: TDoc) => commit(push(historyRef.current, document), false),
    /** Starts over from a server document (after a reopen): no undo across it. */
    resetFromServer: (document: TDoc) => commit(createHistory(document), false),
    palette,
    requestMark,
    confirmMark,
    cancelPalette,
    editMark,
    removeMark,
    selectedSpans,
    selectedCell,
    selectSpan,
    selectCell,
    lastCase,
    spanCounts,
    onToggle,
    onFlag,
    onComment,
    notice,
    setNotice,
    showHelp,
    setShowHelp,
    showGuidelines,
    toggleGuidelines,
    keyActions,
    textRef,
    gridRef,
    commentRef,
  };
}

export type JudgementEditor<TDoc> = ReturnType<typeof useJudgementEditor<TDoc>>;
