import { type RefObject, useCallback, useState } from 'react';
import type { Judgement } from '../../../shared/schemas/annotation.ts';
import type { CaseId } from '../../../shared/vocabulary.ts';
import { rectOfRange } from '../../workspace/dom-offsets.ts';
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
import { markedNotice, removedNotice } from './change-notices.ts';
import type { MarkValues } from './MarkPalette.tsx';

export interface PaletteState {
  readonly range: TextRange;
  /** Document coordinates of the range, for placing the palette beside it. */
  readonly anchor: { top: number; bottom: number; left: number } | null;
  /** The mark being edited, when it is one. */
  readonly edit?: Mark;
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

interface PaletteDeps {
  readonly text: string;
  readonly isReadOnly: () => boolean;
  readonly currentJudgement: () => Judgement;
  readonly edit: (
    change: (judgement: Judgement) => Judgement,
    describe: (before: Judgement, after: Judgement) => string,
  ) => void;
  readonly setNotice: (text: string) => void;
  /** Clears the selected spans (after a mark is made or removed). */
  readonly clearSpans: () => void;
  readonly textRef: RefObject<HTMLDivElement | null>;
}

/**
 * Marks made, changed and removed through the palette: it opens on a selection of the text (or on a
 * mark, to edit it), offers the last mark's cases (the first mark of an item, the input case), and
 * gives the focus back to the text when it closes.
 */
export function useMarkPalette(deps: PaletteDeps) {
  const { text, isReadOnly, currentJudgement, edit, setNotice, clearSpans, textRef } = deps;
  const [palette, setPalette] = useState<PaletteState | null>(null);
  const [lastCases, setLastCases] = useState<readonly CaseId[]>(['current']);

  const requestMark = useCallback(
    (range: TextRange) => {
      if (isReadOnly()) {
        setNotice('This item is final; reopen it to add marks.');
        return;
      }
      setPalette({ range, anchor: anchorOf(textRef.current, range) });
    },
    [isReadOnly, setNotice, textRef],
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
    clearSpans();
    window.getSelection()?.removeAllRanges();
    textRef.current?.focus();
  }

  const cancelPalette = useCallback(() => {
    setPalette(null);
    textRef.current?.focus();
  }, [textRef]);

  /** Removes the mark span `index` belongs to, all its cases at once. */
  const removeMark = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark) return;
      edit(
        (judgement) => removeMarkOf(judgement, mark),
        () => removedNotice(mark),
      );
      clearSpans();
    },
    [edit, currentJudgement, clearSpans],
  );

  /** Opens the palette on the mark span `index` belongs to. */
  const editMark = useCallback(
    (index: number) => {
      const mark = markOfSpan(marksOf(currentJudgement()), index);
      if (!mark || isReadOnly()) return;
      setPalette({
        range: { start: mark.start, end: mark.end },
        anchor: anchorOf(textRef.current, mark),
        edit: mark,
      });
    },
    [currentJudgement, isReadOnly, textRef],
  );

  return { palette, lastCases, requestMark, confirmMark, cancelPalette, removeMark, editMark };
}
