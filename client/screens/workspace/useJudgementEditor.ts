import { useCallback, useMemo, useRef, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import type { CaseId } from '../../../shared/vocabulary.ts';
import { rectOfRange, scrollOffsetIntoView } from '../../workspace/dom-offsets.ts';
import { setComment, setFlag, spansOfCell, toggleCell } from '../../workspace/judgement-edit.ts';
import {
  addMark,
  type Mark,
  type MarkInput,
  markOfSpan,
  marksOf,
  removeMark as removeMarkOf,
  replaceMark,
} from '../../workspace/marks.ts';
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
import type { ArgumentTextControl } from './ArgumentText.tsx';
import { cellNotice, commentNotice, flagNotice, markedNotice, removedNotice } from './change-notices.ts';
import { type Cell, cellKey } from './FactorGrid.tsx';
import type { Flag } from './FlagsPanel.tsx';
import type { MarkValues } from './MarkPalette.tsx';
import type { WorkspaceKeyActions } from './useWorkspaceKeys.ts';

export interface PaletteState {
  readonly range: TextRange;
  /** Document coordinates of the range, for placing the palette beside it. */
  readonly anchor: { top: number; bottom: number; left: number } | null;
  /** The mark being edited, when it is one. */
  readonly edit?: Mark;
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
  /** What the change line says before the first change (the submission that led here). */
  readonly initialNotice?: string;
}

/** One state of the document in the undo history, with the words that announced the change to it. */
interface Step<TDoc> {
  readonly document: TDoc;
  readonly change: string;
}

/** What the change line shows; `id` changes with every notice, so the same words are announced again. */
export interface Notice {
  readonly text: string;
  readonly id: number;
}

/** Where the palette goes (document coordinates): beside the range in the text, else at the top of the text. */
function anchorOf(container: HTMLElement | null, range: TextRange): PaletteState['anchor'] {
  const rect = container ? rectOfRange(container, range) : null;
  const box = rect && rect.height > 0 ? rect : container?.getBoundingClientRect();
  if (!box) return null;
  const bottom = rect && rect.height > 0 ? rect.bottom : box.top + 40;
  // Document coordinates, so a scroll between here and the palette's layout does not move it off.
  return { top: box.top + window.scrollY, bottom: bottom + window.scrollY, left: box.left + window.scrollX };
}

const UNDO_HINT = ' Ctrl+Z undoes it.';

/**
 * The editing of one judgement, shared by the annotator's workspace and the adjudicator's screen:
 * the undo history (of the whole document), marks made through the palette, the grid, the flags and
 * the comment, the selection of marks and cells, and the keyboard actions over them. Every change is
 * announced in words (`notice`), and undo and redo say what they took back.
 */
export function useJudgementEditor<TDoc>(options: EditorOptions<TDoc>) {
  const { lens, text } = options;
  const latest = useRef(options);
  latest.current = options;
  const [history, setHistory] = useState<UndoHistory<Step<TDoc>>>(() =>
    createHistory({ document: options.initial, change: '' }),
  );
  const historyRef = useRef(history);
  const judgement = lens.get(history.present.document);
  const marks = useMemo(() => marksOf(judgement), [judgement]);

  const [palette, setPalette] = useState<PaletteState | null>(null);
  const [selectedSpans, setSelectedSpans] = useState<ReadonlySet<number>>(new Set());
  const [selectedCell, setSelectedCell] = useState<Cell | null>(null);
  // The palette offers the last mark's cases; the first mark of an item, the input case.
  const [lastCases, setLastCases] = useState<readonly CaseId[]>(['current']);
  const [showHelp, setShowHelp] = useState(false);
  const [showGuidelines, setShowGuidelines] = useState(false);
  const [notice, setNoticeState] = useState<Notice>({ text: options.initialNotice ?? '', id: 0 });
  const textRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const textControl = useRef<ArgumentTextControl | null>(null);

  const setNotice = useCallback(
    (text: string) => setNoticeState((previous) => ({ text, id: previous.id + 1 })),
    [],
  );

  /** Shows `next` and, unless it came from the server, saves it. */
  const commit = useCallback((next: UndoHistory<Step<TDoc>>, save = true) => {
    historyRef.current = next;
    setHistory(next);
    if (save) latest.current.save(next.present.document);
  }, []);

  const current = useCallback(() => historyRef.current.present.document, []);
  const currentJudgement = useCallback(() => lens.get(historyRef.current.present.document), [lens]);

  /** Applies a change to the document and announces it; a change that changes nothing is no step. */
  const editDocument = useCallback(
    (change: (document: TDoc) => TDoc, describe: string | ((before: TDoc, after: TDoc) => string)) => {
      if (latest.current.isReadOnly()) return;
      const history = historyRef.current;
      const before = history.present.document;
      const next = change(before);
      if (next === before) return;
      const words = typeof describe === 'string' ? describe : describe(before, next);
      commit(push(history, { document: next, change: words }));
      setNotice(`${words}${UNDO_HINT}`);
    },
    [commit, setNotice],
  );

  const edit = useCallback(
    (
      change: (judgement: Judgement) => Judgement,
      describe: (before: Judgement, after: Judgement) => string,
    ) =>
      editDocument(
        (document) => {
          const before = lens.get(document);
          const after = change(before);
          return after === before ? document : lens.set(document, after);
        },
        (before, after) => describe(lens.get(before), lens.get(after)),
      ),
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

  /** The one mark the selection is, when it is exactly one. */
  const selectedMark = useMemo(() => {
    const [first] = [...selectedSpans];
    const mark = first === undefined ? undefined : markOfSpan(marks, first);
    return mark &&
      mark.indices.length === selectedSpans.size &&
      mark.indices.every((index) => selectedSpans.has(index))
      ? mark
      : undefined;
  }, [marks, selectedSpans]);

  /** Selects the mark span `index` belongs to (all its cases), and shows it. */
  const selectSpan = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark) return;
      setSelectedSpans(new Set(mark.indices));
      const [only] = mark.cases;
      setSelectedCell(
        mark.factor === 'unlisted' || only === undefined ? null : { case: only, factor: mark.factor },
      );
      if (textRef.current) scrollOffsetIntoView(textRef.current, mark.start);
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

  const requestMark = useCallback(
    (range: TextRange) => {
      if (latest.current.isReadOnly()) {
        setNotice('This item is final; reopen it to add marks.');
        return;
      }
      setPalette({ range, anchor: anchorOf(textRef.current, range) });
    },
    [setNotice],
  );

  function confirmMark(values: MarkValues): void {
    if (!palette) return;
    const { range, edit: edited } = palette;
    const words = text.slice(range.start, range.end);
    const mark: MarkInput = {
      start: range.start,
      end: range.end,
      factor: values.factor,
      style: values.style,
      polarity: values.polarity,
      cases: values.cases,
      ...(values.factor === 'unlisted' ? { text: values.unlistedText.trim() || words.trim() } : {}),
    };
    edit(
      (judgement) => (edited ? replaceMark(judgement, edited, mark) : addMark(judgement, mark)),
      () => markedNotice(mark, edited !== undefined),
    );
    setLastCases(values.cases);
    setPalette(null);
    setSelectedSpans(new Set());
    window.getSelection()?.removeAllRanges();
    textRef.current?.focus();
  }

  const cancelPalette = useCallback(() => {
    setPalette(null);
    textRef.current?.focus();
  }, []);

  /** Removes the mark span `index` belongs to, all its cases at once. */
  const removeMark = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark) return;
      edit(
        (judgement) => removeMarkOf(judgement, mark),
        () => removedNotice(mark),
      );
      setSelectedSpans(new Set());
    },
    [edit, currentJudgement],
  );

  /** Opens the palette on the mark span `index` belongs to. */
  const editMark = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark || latest.current.isReadOnly()) return;
      setPalette({
        range: { start: mark.start, end: mark.end },
        anchor: anchorOf(textRef.current, mark),
        edit: mark,
      });
    },
    [currentJudgement],
  );

  const onToggle = useCallback(
    (cell: Cell) =>
      edit(
        (judgement) => toggleCell(judgement, cell.case, cell.factor),
        (before, after) => cellNotice(before, after, cell.case, cell.factor),
      ),
    [edit],
  );
  const onFlag = useCallback(
    (flag: Flag, value: boolean) =>
      edit(
        (judgement) => setFlag(judgement, flag, value),
        (before, after) => flagNotice(before, after, flag),
      ),
    [edit],
  );
  const onComment = useCallback(
    (comment: string) => edit((judgement) => setComment(judgement, comment), commentNotice),
    [edit],
  );

  const toggleGuidelines = useCallback(() => setShowGuidelines((shown) => !shown), []);

  const stepUndo = useCallback(
    (step: typeof undo) => {
      const history = historyRef.current;
      const possible = step === undo ? canUndo(history) : canRedo(history);
      if (latest.current.isReadOnly() || !possible) return;
      const taken = step === undo ? history.present.change : (history.future[0]?.change ?? '');
      commit(step(history));
      setNotice(step === undo ? `Undone: ${taken} Ctrl+Shift+Z redoes it.` : `Redone: ${taken}`);
    },
    [commit, setNotice],
  );

  function stepMark(direction: 1 | -1): void {
    const count = marks.length;
    if (count === 0) return;
    const at = selectedMark ? marks.indexOf(selectedMark) : -1;
    const next = at === -1 ? (direction > 0 ? 0 : count - 1) : (at + direction + count) % count;
    const mark = marks[next];
    if (!mark) return;
    selectSpan(mark.indices[0] ?? 0);
    textRef.current?.focus({ preventScroll: true });
  }

  /** The workspace keys over this editor; the screen adds what its primary action is. */
  function keyActions(submit: () => void): WorkspaceKeyActions {
    const flip = (flag: Flag) => () => onFlag(flag, !currentJudgement()[flag]);
    return {
      enabled: palette === null && !showHelp,
      commands: {
        help: () => setShowHelp(true),
        focusText: () => textRef.current?.focus(),
        find: () => textControl.current?.openFind(),
        focusGrid: () => gridRef.current?.querySelector<HTMLElement>('input[tabindex="0"]')?.focus(),
        focusComment: () => commentRef.current?.focus(),
        toggleGuidelines,
        previousMark: () => stepMark(-1),
        nextMark: () => stepMark(1),
        editMark: () => {
          if (selectedMark) editMark(selectedMark.indices[0] ?? 0);
        },
        clearSelection: () => {
          setSelectedSpans(new Set());
          setSelectedCell(null);
        },
        flagAbstained: flip('abstained'),
        flagExactPhrase: flip('exact_phrase'),
        flagTruncated: flip('truncated'),
        undo: () => stepUndo(undo),
        redo: () => stepUndo(redo),
        submit,
      },
    };
  }

  return {
    history,
    document: history.present.document,
    judgement,
    marks,
    /** The document now shown, as the last committed (for handlers that run between renders). */
    current,
    edit,
    editDocument,
    undo: () => stepUndo(undo),
    redo: () => stepUndo(redo),
    canUndo: canUndo(history),
    canRedo: canRedo(history),
    /** Replaces the document with one the server gave (undo can go back), without saving it. */
    replaceFromServer: (document: TDoc) => {
      commit(push(historyRef.current, { document, change: 'Showed the saved version.' }), false);
      setNotice('Showing the saved version. Ctrl+Z brings yours back.');
    },
    /** Starts over from a server document (after a reopen): no undo across it. */
    resetFromServer: (document: TDoc) => commit(createHistory({ document, change: '' }), false),
    palette,
    requestMark,
    confirmMark,
    cancelPalette,
    editMark,
    removeMark,
    selectedSpans,
    selectedMark,
    selectedCell,
    selectSpan,
    selectCell,
    lastCases,
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
    textControl,
  };
}

export type JudgementEditor<TDoc> = ReturnType<typeof useJudgementEditor<TDoc>>;
