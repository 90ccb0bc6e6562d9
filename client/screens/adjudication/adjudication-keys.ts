import type { KeyGroup } from '../../workspace/key-list.ts';
import {
  EDITOR_KEY_GROUPS,
  FLAG_AND_UNDO_BINDINGS,
  SELECTION_BINDINGS,
} from '../workspace/workspace-keys.ts';

/**
 * Every key of the adjudication screen: the `?` dialog shows this list, docs/ADJUDICATING.md carries
 * it as tables (`npm run docs:keys` writes them, test/workspace-keys-doc.test.ts fails when they
 * differ), and useWorkspaceKeys dispatches the keys that have a `command`. The letters that decide
 * (A, B, O, N, E) and R belong to the disagreement list alone: outside it they change nothing, and
 * the gold's flags take Alt as in the workspace.
 */
export const ADJUDICATION_KEYS: readonly KeyGroup[] = [
  {
    where: 'Anywhere (outside a text field)',
    bindings: [
      { keys: ['?'], does: 'Show or hide this list', command: 'help' },
      {
        keys: ['D'],
        does: 'Go to the disagreements (the first undecided one)',
        command: 'focusDisagreements',
      },
      { keys: ['T'], does: 'Go to the text', command: 'focusText' },
      { keys: ['/'], does: 'Find words in the text, to select them', command: 'find' },
      { keys: ['G'], does: 'Go to the factor grid (its first cell)', command: 'focusGrid' },
      {
        keys: ['V'],
        does: 'Side by side: A | gold | B over the same text, or back to the one text',
        command: 'toggleSideBySide',
      },
      { keys: ['L'], does: 'Open or close the guidelines', command: 'toggleGuidelines' },
      { keys: ['Alt+C'], does: "Write the gold's own comment", command: 'focusComment' },
      ...SELECTION_BINDINGS,
      ...FLAG_AND_UNDO_BINDINGS,
      {
        keys: ['Ctrl+Enter'],
        does: 'Fix the gold (every disagreement decided and carried out; otherwise the screen says what stands in the way)',
        command: 'submit',
      },
    ],
  },
  {
    where: 'In the disagreement list',
    bindings: [
      { keys: ['ArrowUp', 'ArrowDown'], does: 'Move between disagreements' },
      { keys: ['A'], does: "Decide as A (the gold takes A's value), then go to the next undecided one" },
      { keys: ['B'], does: "Decide as B (the gold takes B's value), then go to the next undecided one" },
      { keys: ['O'], does: 'Decide as both (the gold keeps both), then go to the next undecided one' },
      { keys: ['N'], does: 'Decide as neither (the gold keeps neither), then go to the next undecided one' },
      {
        keys: ['E'],
        does: 'Decide as edited (set the value yourself first, in the text, the grid or the flags), then go to the next undecided one',
      },
      { keys: ['R'], does: 'Write the rationale of the decision (optional)' },
      { keys: ['Escape'], does: 'Leave the rationale (back to its disagreement)' },
    ],
  },
  ...EDITOR_KEY_GROUPS,
];
