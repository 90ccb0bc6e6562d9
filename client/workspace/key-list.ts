/**
 * A screen's keys as data: the one list from which its `?` dialog and its page in docs/ are both
 * written (so the two cannot drift), and from which its screen-wide keys are dispatched.
 */
import { chordLabel } from './key-chords.ts';

/** What a screen-wide key does; each screen supplies the handlers of the commands it lists. */
export type KeyCommand =
  | 'help'
  | 'focusText'
  | 'find'
  | 'focusGrid'
  | 'focusComment'
  | 'toggleGuidelines'
  | 'previousMark'
  | 'nextMark'
  | 'editMark'
  | 'clearSelection'
  | 'flagAbstained'
  | 'flagExactPhrase'
  | 'flagTruncated'
  | 'undo'
  | 'redo'
  | 'submit'
  | 'focusDisagreements'
  | 'toggleSideBySide';

export interface KeyBinding {
  /** Alternatives (either does it), each a chord as key-chords.ts reads it: `Alt+A`, `Ctrl+Shift+ArrowRight`. */
  readonly keys: readonly string[];
  /** What is typed before the keys, when something is ("a code or a name"). */
  readonly typed?: string;
  readonly does: string;
  /** For a key that works anywhere on the screen (outside text fields): the command it runs. */
  readonly command?: KeyCommand;
}

export interface KeyGroup {
  /** Where the keys work: "Anywhere", "In the text", … */
  readonly where: string;
  readonly bindings: readonly KeyBinding[];
}

/** A binding's keys for people: `Ctrl+Shift+Z or Ctrl+Y`, `type a code or a name, then Enter`. */
export function keysLabel(binding: KeyBinding): string {
  const keys = binding.keys.map(chordLabel).join(' or ');
  return binding.typed ? `type ${binding.typed}, then ${keys}` : keys;
}

/**
 * The list as Markdown: one table per group under a `###` heading of its own, keys as code spans.
 *
 * @example keyTableMarkdown([{ where: 'Anywhere', bindings: [{ keys: ['?'], does: 'This list' }] }])
 * // '### Anywhere\n\n| keys | what it does |\n| --- | --- |\n| `?` | This list |\n'
 */
export function keyTableMarkdown(groups: readonly KeyGroup[]): string {
  return groups
    .map((group) => {
      const rows = group.bindings.map((binding) => {
        const keys = binding.keys.map((key) => `\`${chordLabel(key)}\``).join(' or ');
        const written = binding.typed ? `type ${binding.typed}, then ${keys}` : keys;
        return `| ${written} | ${binding.does.replaceAll('|', '\\|')} |`;
      });
      return [`### ${group.where}`, '', '| keys | what it does |', '| --- | --- |', ...rows, ''].join('\n');
    })
    .join('\n');
}
