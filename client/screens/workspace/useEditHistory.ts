import { useCallback, useRef, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import {
  canRedo,
  canUndo,
  createHistory,
  push,
  redo,
  type UndoHistory,
  undo,
} from '../../workspace/undo-history.ts';

/** Where the judgement sits in the edited document (the annotation is its judgement; gold adds decisions). */
export interface JudgementLens<TDoc> {
  readonly get: (document: TDoc) => Judgement;
  readonly set: (document: TDoc, judgement: Judgement) => TDoc;
}

export const IDENTITY_LENS: JudgementLens<Judgement> = {
  get: (judgement) => judgement,
  set: (_, judgement) => judgement,
};

export interface HistoryOptions<TDoc> {
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

const UNDO_HINT = ' Ctrl+Z undoes it.';

/**
 * The undo history of one document and its change line: every change is a step announced in words
 * (`notice`), undo and redo say what they took back, and a change that changes nothing is no step.
 */
export function useEditHistory<TDoc>(options: HistoryOptions<TDoc>) {
  const { lens } = options;
  const latest = useRef(options);
  latest.current = options;
  const [history, setHistory] = useState<UndoHistory<Step<TDoc>>>(() =>
    createHistory({ document: options.initial, change: '' }),
  );
  const historyRef = useRef(history);
  const [notice, setNoticeState] = useState<Notice>({ text: options.initialNotice ?? '', id: 0 });

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

  /** Applies a change to the document and announces it in `describe`'s words. */
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

  /** A change to the judgement alone, announced in words about the judgement. */
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

  return {
    history,
    document: history.present.document,
    judgement: lens.get(history.present.document),
    current,
    currentJudgement,
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
    notice,
    setNotice,
  };
}
