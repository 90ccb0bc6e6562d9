import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientSourceHash } from './client-build.ts';

/** A miniature project: what the client build reads. */
function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'fa-client-hash-'));
  mkdirSync(join(root, 'client', 'screens'), { recursive: true });
  mkdirSync(join(root, 'shared'), { recursive: true });
  writeFileSync(join(root, 'client', 'App.tsx'), 'export const a = 1;\n');
  writeFileSync(join(root, 'client', 'screens', 'Queue.tsx'), 'export const q = 1;\n');
  writeFileSync(join(root, 'shared', 'factors.ts'), 'export const f = 1;\n');
  writeFileSync(join(root, 'vite.config.ts'), 'export default {};\n');
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  return root;
}

describe('clientSourceHash', () => {
  it('is the same for the same sources, whatever their times', () => {
    const root = project();
    const before = clientSourceHash(root);
    utimesSync(join(root, 'client', 'App.tsx'), new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(clientSourceHash(root)).toBe(before);
  });

  it('changes when a client file, a shared file, the Vite config or the lock file changes', () => {
    const root = project();
    const seen = new Set([clientSourceHash(root)]);
    for (const file of [
      'client/screens/Queue.tsx',
      'shared/factors.ts',
      'vite.config.ts',
      'package-lock.json',
    ]) {
      writeFileSync(join(root, file), `// changed ${file}\n`);
      seen.add(clientSourceHash(root));
    }
    expect(seen.size).toBe(5);
  });

  it('changes when a file is added or renamed, not when a test file is', () => {
    const root = project();
    const before = clientSourceHash(root);
    writeFileSync(join(root, 'client', 'App.test.ts'), 'test\n');
    expect(clientSourceHash(root)).toBe(before);
    writeFileSync(join(root, 'client', 'New.tsx'), 'export const n = 1;\n');
    expect(clientSourceHash(root)).not.toBe(before);
  });
});
