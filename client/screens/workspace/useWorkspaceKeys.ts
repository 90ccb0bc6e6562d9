import { useEffect, useRef } from 'react';
import { matchesChord, parseChord } from '../../workspace/key-chords.ts';
import type { KeyCommand, KeyGroup } from '../../workspace/key-list.ts';
import { WORKSPACE_KEYS } from './workspace-keys.ts';

export interface WorkspaceKeyActions {
  /** False while the palette or a dialog has the keys. */
  readonly enabled: boolean;
  /** The handler of each command the screen's key list names. */
  readonly commands: Partial<Record<KeyCommand, () => void>>;
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

/** Whether Enter on the target is the target's own (a button, a link, a checkbox, a disclosure). */
function ownsEnter(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a, input, select, textarea, summary') !== null;
}

/** Commands that also run from a text field: the screen's final step, and undo in fields that give it to the screen. */
function runsWhileTyping(command: KeyCommand, target: EventTarget | null): boolean {
  if (command === 'submit') return true;
  return (
    (command === 'undo' || command === 'redo') &&
    target instanceof Element &&
    target.closest('[data-workspace-undo]') !== null
  );
}

/**
 * The screen-wide keys of `keys` (those with a command), from one document listener, so they work
 * wherever the focus is — except in text fields, where letters are text: there only Ctrl+Enter, and
 * undo / redo in a field marked `data-workspace-undo` (the comment box), are the screen's; Esc in a
 * field marked `data-escape-to-text` goes back to the text. Keys of a focused control (the text, the
 * grid, a panel) are handled there and never reach this listener.
 */
export function useWorkspaceKeys(
  actions: WorkspaceKeyActions,
  keys: readonly KeyGroup[] = WORKSPACE_KEYS,
): void {
  const latest = useRef(actions);
  latest.current = actions;
  const bindings = useRef(
    keys.flatMap((group) =>
      group.bindings.flatMap((binding) =>
        binding.command === undefined
          ? []
          : binding.keys.map((key) => ({ chord: parseChord(key), command: binding.command as KeyCommand })),
      ),
    ),
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      const act = latest.current;
      if (!act.enabled || event.defaultPrevented) return;
      const target = event.target;
      if (event.key === 'Escape' && target instanceof Element && target.closest('[data-escape-to-text]')) {
        event.preventDefault();
        act.commands.focusText?.();
        return;
      }
      const typing = isTyping(target);
      const binding = bindings.current.find(({ chord }) => matchesChord(event, chord));
      const run = binding && act.commands[binding.command];
      if (binding && run && (!typing || runsWhileTyping(binding.command, target))) {
        if (binding.command === 'editMark' && ownsEnter(target)) return;
        event.preventDefault();
        run();
      }
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
