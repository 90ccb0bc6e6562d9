import { describe, expect, it } from 'vitest';
import { WORKSPACE_KEYS } from '../screens/workspace/workspace-keys.ts';
import { parseChord } from './key-chords.ts';
import { keysLabel, keyTableMarkdown } from './key-list.ts';

describe('key lists', () => {
  it('write a binding for people, typed words first', () => {
    expect(keysLabel({ keys: ['Ctrl+Shift+Z', 'Ctrl+Y'], does: 'Redo' })).toBe('Ctrl+Shift+Z or Ctrl+Y');
    expect(keysLabel({ typed: 'a code or a name', keys: ['Enter'], does: 'Choose' })).toBe(
      'type a code or a name, then Enter',
    );
  });

  it('write Markdown tables, one per group, escaping a | in the description', () => {
    expect(
      keyTableMarkdown([{ where: 'Anywhere', bindings: [{ keys: ['?', 'Escape'], does: 'This | that' }] }]),
    ).toBe('### Anywhere\n\n| keys | what it does |\n| --- | --- |\n| `?` or `Esc` | This \\| that |\n');
  });
});

describe("the workspace's key list", () => {
  const screenWide = WORKSPACE_KEYS.flatMap((group) =>
    group.bindings.filter((binding) => binding.command !== undefined).flatMap((binding) => binding.keys),
  );

  it('writes every key as a chord', () => {
    for (const group of WORKSPACE_KEYS)
      for (const binding of group.bindings)
        for (const key of binding.keys) expect(() => parseChord(key)).not.toThrow();
  });

  it('gives each screen-wide chord one command', () => {
    const chords = screenWide.map((key) => JSON.stringify(parseChord(key)));
    expect(new Set(chords).size).toBe(chords.length);
  });

  it('changes the judgement from anywhere only with a modifier (no plain letter sets a flag)', () => {
    const flagKeys = WORKSPACE_KEYS.flatMap((group) => group.bindings)
      .filter((binding) => binding.command?.startsWith('flag'))
      .flatMap((binding) => binding.keys.map(parseChord));
    expect(flagKeys).toHaveLength(3);
    for (const chord of flagKeys) expect(chord.alt || chord.ctrl).toBe(true);
  });
});
