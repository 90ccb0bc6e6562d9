import { describe, expect, it } from 'vitest';
import { importCommand, shellWord } from './cliHints.ts';

describe('import hints', () => {
  it('names the study unless it is the default one', () => {
    expect(importCommand('arguments', 'default')).toBe('npm run -s cli -- import arguments FILE');
    expect(importCommand('triples', 'pilot-2025')).toBe(
      'npm run -s cli -- --study pilot-2025 import triples FILE',
    );
  });

  it('quotes a study name the shell would split or expand', () => {
    expect(shellWord('my study')).toBe("'my study'");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord('$HOME')).toBe("'$HOME'");
  });
});
