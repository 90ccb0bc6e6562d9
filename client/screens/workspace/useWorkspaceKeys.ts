import { useEffect, useRef } from 'react';
import type { Flag } from './FlagsPanel.tsx';

export interface WorkspaceKeyActions {
  /** False while the palette or a dialog has the keys. */
  readonly enabled: boolean;
  readonly onHelp: () => void;
  readonly focusText: () => void;
  readonly focusGrid: () => void;
  readonly focusComment: () => void;
  readonly toggleGuidelines: () => void;
  readonly flag: (flag: Flag) => void;
  readonly undo: () => void;
  readonly redo: () => void;
  readonly submit: () => void;
  readonly stepMark: (direction: 1 | -1) => void;
  readonly removeSelectedMark: () => void;
  readonly clearSelection: () => void;
  /** D: the adjudication screen's list of disagreements. */
  readonly focusDisagreements?: () => void;
}

/** Whether the key belongs to a field being typed in (its letters are text, not commands). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  )
    return true;
  return (
    target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type)
  );
}

const LETTERS: Readonly<Record<string, keyof WorkspaceKeyActions | Flag>> = {
  t: 'focusText',
  g: 'focusGrid',
  c: 'focusComment',
  l: 'toggleGuidelines',
  a: 'abstained',
  e: 'exact_phrase',
  x: 'truncated',
  d: 'focusDisagreements',
};

/** The workspace's keys, listed in KeyboardHelp: one document listener, so they work wherever focus is. */
export function useWorkspaceKeys(actions: WorkspaceKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const act = latest.current;
      if (!act.enabled || event.defaultPrevented) return;
      const command = event.ctrlKey || event.metaKey;
      const key = event.key;
      if (command && key === 'Enter') {
        event.preventDefault();
        act.submit();
        return;
      }
      if (isTyping(event.target)) return;
      if (command && !event.altKey) {
        const lower = key.toLowerCase();
        if (lower === 'z' && !event.shiftKey) act.undo();
        else if ((lower === 'z' && event.shiftKey) || lower === 'y') act.redo();
        else return;
        event.preventDefault();
        return;
      }
      if (event.altKey || command) return;
      if (key === '?') act.onHelp();
      else if (key === '[') act.stepMark(-1);
      else if (key === ']') act.stepMark(1);
      else if (key === 'Delete' || key === 'Backspace') act.removeSelectedMark();
      else if (key === 'Escape') act.clearSelection();
      else {
        const mapped = LETTERS[key.toLowerCase()];
        if (mapped === undefined || event.shiftKey) return;
        if (mapped === 'abstained' || mapped === 'exact_phrase' || mapped === 'truncated') act.flag(mapped);
        else if (mapped === 'focusText') act.focusText();
        else if (mapped === 'focusGrid') act.focusGrid();
        else if (mapped === 'focusComment') act.focusComment();
        else if (mapped === 'toggleGuidelines') act.toggleGuidelines();
        else if (mapped === 'focusDisagreements' && act.focusDisagreements) act.focusDisagreements();
        else return;
      }
      event.preventDefault();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
