import type { KeyBinding, KeyGroup } from '../../workspace/key-list.ts';

/** Moving over the marks and clearing the selection: the same on every editing screen. */
export const SELECTION_BINDINGS: readonly KeyBinding[] = [
  { keys: ['['], does: 'Select the previous mark', command: 'previousMark' },
  { keys: [']'], does: 'Select the next mark', command: 'nextMark' },
  { keys: ['Enter'], does: 'Edit the selected mark', command: 'editMark' },
  { keys: ['Escape'], does: 'Clear the selection of marks and cells', command: 'clearSelection' },
];

/** The flags (with Alt: no plain letter outside a panel changes data) and undo / redo. */
export const FLAG_AND_UNDO_BINDINGS: readonly KeyBinding[] = [
  { keys: ['Alt+A'], does: 'Abstained: tick or untick', command: 'flagAbstained' },
  {
    keys: ['Alt+E'],
    does: 'With the exact abstention phrase: tick or untick',
    command: 'flagExactPhrase',
  },
  { keys: ['Alt+X'], does: 'Truncated: tick or untick', command: 'flagTruncated' },
  {
    keys: ['Ctrl+Z'],
    does: 'Undo the last change (from anywhere, the comment box too)',
    command: 'undo',
  },
  { keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo', command: 'redo' },
];

/** The keys of the editor's parts (the text, find, the palette, the grid, the panels, this list), shared with adjudication. */
export const EDITOR_KEY_GROUPS: readonly KeyGroup[] = [
  {
    where: 'In the text',
    bindings: [
      { keys: ['ArrowLeft', 'ArrowRight'], does: 'Move by word' },
      {
        keys: ['Ctrl+ArrowLeft', 'Ctrl+ArrowRight'],
        does: 'Move by phrase (to a comma, a bracket, a full stop…)',
      },
      { keys: ['Ctrl+ArrowUp', 'Ctrl+ArrowDown'], does: 'Move by sentence' },
      { keys: ['ArrowUp', 'ArrowDown'], does: 'Move by paragraph' },
      { keys: ['Home', 'End'], does: 'Go to the first or the last word' },
      { keys: ['Shift+ArrowLeft', 'Shift+ArrowRight'], does: 'Select word by word' },
      { keys: ['Ctrl+Shift+ArrowLeft', 'Ctrl+Shift+ArrowRight'], does: 'Select by phrase' },
      { keys: ['Ctrl+Shift+ArrowUp', 'Ctrl+Shift+ArrowDown'], does: 'Select by sentence' },
      { keys: ['Shift+ArrowUp', 'Shift+ArrowDown'], does: 'Select by paragraph' },
      { keys: ['Shift+Home', 'Shift+End'], does: 'Select to the first or the last word' },
      {
        keys: ['Enter'],
        does: 'Mark the selection (a mouse selection opens the palette by itself); without one, edit the selected mark',
      },
      { keys: ['N', 'Shift+N'], does: 'Select the next or the previous match of the last find' },
      { keys: ['Delete', 'Backspace'], does: 'Remove the selected mark (here and in the list of marks)' },
    ],
  },
  {
    where: 'Finding words',
    bindings: [
      { typed: 'words', keys: ['Enter'], does: 'Select the match (the whole words it touches)' },
      { keys: ['ArrowDown', 'ArrowUp'], does: 'Show the next or the previous match' },
      { keys: ['Escape'], does: 'Close, leaving the selection as it was' },
    ],
  },
  {
    where: 'In the palette',
    bindings: [
      {
        typed: 'a code or a name',
        keys: ['Enter'],
        does: 'Choose the factor (one the selection names by code or name is chosen already)',
      },
      {
        keys: ['1', '2', '3'],
        does: 'The cases the mark names — input case, TSC1, TSC2: type each (1 2 is both); without a key, those of the last mark',
      },
      { keys: ['N'], does: 'Negated or asserted' },
      { keys: ['S'], does: 'Mention style: code, name, paraphrase' },
      { keys: ['F', 'Backspace'], does: 'Back to the factor' },
      { keys: ['Enter'], does: 'Mark' },
      { keys: ['Escape'], does: 'Cancel' },
    ],
  },
  {
    where: 'In the grid',
    bindings: [
      { keys: ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight'], does: 'Move between cells' },
      { keys: ['Space'], does: 'Tick or untick the cell' },
    ],
  },
  {
    where: 'In the flags panel',
    bindings: [
      { keys: ['A'], does: 'Abstained: tick or untick' },
      { keys: ['E'], does: 'With the exact abstention phrase: tick or untick' },
      { keys: ['X'], does: 'Truncated: tick or untick' },
    ],
  },
  {
    where: 'In the comment box',
    bindings: [
      { keys: ['Escape'], does: 'Leave the comment box (back to the text)' },
      { keys: ['Ctrl+Z'], does: 'Undo, as everywhere: the comment typed so far is one step' },
    ],
  },
  {
    where: 'In this list and the guidelines',
    bindings: [
      { keys: ['Escape', '?'], does: 'Close this list' },
      { keys: ['Escape', 'L'], does: 'Close the guidelines (the focus goes back where it was)' },
    ],
  },
];

/**
 * Every key of the annotation workspace. The `?` dialog shows this list, docs/ANNOTATING.md carries
 * it as tables (`npm run docs:keys` writes them, test/workspace-keys-doc.test.ts fails when they
 * differ), and useWorkspaceKeys dispatches the keys that have a `command`. No plain letter outside
 * a panel changes the judgement: the flags take Alt, the comment box is reached with Alt+C.
 */
export const WORKSPACE_KEYS: readonly KeyGroup[] = [
  {
    where: 'Anywhere (outside a text field)',
    bindings: [
      { keys: ['?'], does: 'Show or hide this list', command: 'help' },
      { keys: ['T'], does: 'Go to the text', command: 'focusText' },
      { keys: ['/'], does: 'Find words in the text, to select them', command: 'find' },
      { keys: ['G'], does: 'Go to the factor grid', command: 'focusGrid' },
      { keys: ['L'], does: 'Open or close the guidelines', command: 'toggleGuidelines' },
      { keys: ['Alt+C'], does: 'Write a comment for the adjudicator', command: 'focusComment' },
      ...SELECTION_BINDINGS,
      ...FLAG_AND_UNDO_BINDINGS,
      { keys: ['Ctrl+Enter'], does: 'Submit and go to the next item in your queue', command: 'submit' },
    ],
  },
  ...EDITOR_KEY_GROUPS,
];
