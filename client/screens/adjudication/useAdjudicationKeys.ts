import type { Dispatch, RefObject, SetStateAction } from 'react';
import type { AdjudicationItem } from '../../../shared/adjudication-api.ts';
import type { GoldDocument } from '../../workspace/gold-document.ts';
import type { JudgementEditor } from '../workspace/useJudgementEditor.ts';
import { useWorkspaceKeys } from '../workspace/useWorkspaceKeys.ts';
import { ADJUDICATION_KEYS } from './adjudication-keys.ts';

/** The adjudication screen's keys (ADJUDICATION_KEYS): the editor's, with T, G, D and V aimed at its own parts. */
export function useAdjudicationKeys({
  editor,
  item,
  listRef,
  setSideBySide,
  onFix,
}: {
  readonly editor: JudgementEditor<GoldDocument>;
  readonly item: AdjudicationItem;
  readonly listRef: RefObject<HTMLOListElement | null>;
  readonly setSideBySide: Dispatch<SetStateAction<boolean>>;
  readonly onFix: () => void;
}): void {
  const keyActions = editor.keyActions(onFix);
  useWorkspaceKeys(
    {
      ...keyActions,
      commands: {
        ...keyActions.commands,
        // T from the side-by-side view goes back to the one text (the gold's), where marks are made.
        // The text is there at once unless the side-by-side view was shown; then it is focused on the
        // next frame, and only if no later key (D, G…) has moved the focus meanwhile.
        focusText: () => {
          const text = editor.textRef.current;
          if (text) {
            text.focus();
            return;
          }
          const from = document.activeElement;
          setSideBySide(false);
          requestAnimationFrame(() => {
            if (document.activeElement === from || document.activeElement === document.body)
              editor.textRef.current?.focus();
          });
        },
        // The grid's first cell, whichever cell the last disagreement selected.
        focusGrid: () =>
          editor.gridRef.current?.querySelector<HTMLElement>('[data-row="0"][data-col="0"]')?.focus(),
        focusDisagreements: () => {
          const list = listRef.current;
          const undecided = item.disagreements.find(
            (disagreement) =>
              !editor.current().decisions.some((decision) => decision.disagreementId === disagreement.id),
          );
          const row =
            (undecided &&
              list?.querySelector<HTMLElement>(`[data-disagreement="${CSS.escape(undecided.id)}"]`)) ??
            list?.querySelector<HTMLElement>('li');
          row?.scrollIntoView({ block: 'nearest' });
          row?.focus();
        },
        toggleSideBySide: () => setSideBySide((shown) => !shown),
      },
    },
    ADJUDICATION_KEYS,
  );
}
