import { useCallback, useRef, useState } from 'react';
import { setComment, setFlag, toggleCell } from '../../workspace/judgement-edit.ts';
import type { ArgumentTextControl } from './ArgumentText.tsx';
import { cellNotice, commentNotice, flagNotice } from './change-notices.ts';
import type { Cell } from './FactorGrid.tsx';
import type { Flag } from './FlagsPanel.tsx';
import { type HistoryOptions, useEditHistory } from './useEditHistory.ts';
import { useMarkPalette } from './useMarkPalette.ts';
import { useMarkSelection } from './useMarkSelection.ts';
import type { WorkspaceKeyActions } from './useWorkspaceKeys.ts';

export { IDENTITY_LENS, type JudgementLens, type Notice } from './useEditHistory.ts';
export type { PaletteState } from './useMarkPalette.ts';

export interface EditorOptions<TDoc> extends HistoryOptions<TDoc> {
  readonly text: string;
}

/**
 * The editing of one judgement, shared by the annotator's workspace and the adjudicator's screen, put
 * together from its parts: the undo history with its change line (useEditHistory), the selection of
 * marks and cells (useMarkSelection), marks made through the palette (useMarkPalette), and here the
 * grid, the flags, the comment, the guidelines, the key list and the keyboard actions over them.
 */
export function useJudgementEditor<TDoc>(options: EditorOptions<TDoc>) {
  const latest = useRef(options);
  latest.current = options;
  // Stable, so the callbacks built on it (and the memoised text they reach) stay the same across renders.
  const isReadOnly = useCallback(() => latest.current.isReadOnly(), []);
  const history = useEditHistory({ ...options, isReadOnly });
  const { edit, currentJudgement, setNotice } = history;
  const [showHelp, setShowHelp] = useState(false);
  const [showGuidelines, setShowGuidelines] = useState(false);
  const textRef = useRef<HTMLDivElement>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const textControl = useRef<ArgumentTextControl | null>(null);
  const selection = useMarkSelection(history.judgement, currentJudgement, textRef);
  const { setSelectedSpans } = selection;
  const clearSpans = useCallback(() => setSelectedSpans(new Set()), [setSelectedSpans]);
  const palette = useMarkPalette({
    text: options.text,
    isReadOnly,
    currentJudgement,
    edit,
    setNotice,
    clearSpans,
    textRef,
  });

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

  /** The workspace keys over this editor; the screen adds what its primary action is. */
  function keyActions(submit: () => void): WorkspaceKeyActions {
    const flip = (flag: Flag) => () => onFlag(flag, !currentJudgement()[flag]);
    const { selectedMark } = selection;
    return {
      enabled: palette.palette === null && !showHelp,
      commands: {
        help: () => setShowHelp(true),
        focusText: () => textRef.current?.focus(),
        find: () => textControl.current?.openFind(),
        focusGrid: () => gridRef.current?.querySelector<HTMLElement>('input[tabindex="0"]')?.focus(),
        focusComment: () => commentRef.current?.focus(),
        toggleGuidelines,
        previousMark: () => selection.stepMark(-1),
        nextMark: () => selection.stepMark(1),
        editMark: () => {
          if (selectedMark) palette.editMark(selectedMark.indices[0] ?? 0);
        },
        clearSelection: selection.clearSelection,
        flagAbstained: flip('abstained'),
        flagExactPhrase: flip('exact_phrase'),
        flagTruncated: flip('truncated'),
        undo: history.undo,
        redo: history.redo,
        submit,
      },
    };
  }

  return {
    ...history,
    ...selection,
    ...palette,
    onToggle,
    onFlag,
    onComment,
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
