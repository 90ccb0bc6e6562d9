import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The held-out set of the current rules edition is read by `npm run rules:heldout` alone
 * (scripts/rules-heldout.ts): no test, no source file, no other script names its folder, so the default
 * test run never reads it and nobody tunes on it by accident.
 */
const ROOT = join(import.meta.dirname, '..');
const HELD_OUT = 'rules-heldout-12';
const READER = 'scripts/rules-heldout.ts';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) return [];
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx|mjs|js|json)$/.test(name) ? [path] : [];
  });
}

describe('the held-out set', () => {
  it(`is named by ${READER} and by no other source, test or script`, () => {
    const naming = ['client', 'server', 'shared', 'scripts', 'test', 'bench']
      .flatMap((dir) => sourceFiles(join(ROOT, dir)))
      .filter((file) => readFileSync(file, 'utf8').includes(HELD_OUT))
      .map((file) => relative(ROOT, file))
      .filter((file) => file !== 'test/held-out-unread.test.ts');
    expect(naming).toEqual([READER]);
  });
});
