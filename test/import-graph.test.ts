import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  importCycles,
  importGraph,
  layeringProblems,
  mapProblems,
  sourceFiles,
} from './support/import-graph.ts';

/** The map's and the layering's rules (test/support/import-graph.ts), each failing on a tiny tree. */
let root = '';
function tree(files: Record<string, string>) {
  root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const folders = ['server', 'shared', 'scripts'];
  const listed = sourceFiles(root, folders);
  return { files: listed, problems: layeringProblems(listed, importGraph(root, folders)) };
}
afterEach(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

const GOOD = {
  'server/store/users.ts':
    'export type User = { name: string };\nexport function listUsers(): User[] { return []; }\n',
  'server/services/accounts/users.ts':
    "import { listUsers, type User } from '../../store/users.ts';\nexport function listAccounts(): User[] { return listUsers(); }\n",
  'server/services/accounts/index.ts': "export { listAccounts } from './users.ts';\n",
  'server/routes/users.ts':
    "import { listAccounts } from '../services/accounts/index.ts';\nimport type { User } from '../store/users.ts';\nexport const all: User[] = listAccounts();\n",
  'shared/names.ts': "import { z } from 'zod';\nexport const name = z.string();\n",
};

describe('the layering', () => {
  it('passes a tree that keeps it', () => {
    expect(tree(GOOD).problems).toEqual([]);
  });

  it('fails a route that imports a module file instead of its index.ts', () => {
    const { problems } = tree({
      ...GOOD,
      'server/routes/users.ts': "import { listAccounts } from '../services/accounts/users.ts';\n",
    });
    expect(problems).toEqual([
      "server/routes/users.ts → server/services/accounts/users.ts: a route or command calls a module's index.ts only",
    ]);
  });

  it('fails a command that calls the store (a store type is allowed)', () => {
    const { problems } = tree({
      ...GOOD,
      'scripts/commands/user.ts': "import { listUsers } from '../../server/store/users.ts';\n",
    });
    expect(problems).toEqual([
      'scripts/commands/user.ts → server/store/users.ts: a route or command reaches the store past a module',
    ]);
  });

  it('fails shared/ doing I/O or importing the server, and a flat file in server/services/', () => {
    const { problems } = tree({
      ...GOOD,
      'shared/read.ts':
        "import { readFileSync } from 'node:fs';\nimport type { User } from '../server/store/users.ts';\n",
      'server/services/loose.ts': 'export const x = 1;\n',
    });
    expect(problems.sort()).toEqual([
      'server/services/loose.ts: a flat file in server/services/ (put it in a module folder)',
      'shared/read.ts → node:fs: shared/ does no input or output',
      'shared/read.ts → server/store/users.ts: shared/ imports nothing of server/, client/ or scripts/',
    ]);
  });

  it('fails a circle of type-only imports, and a circle of modules', () => {
    const { problems } = tree({
      ...GOOD,
      'shared/a.ts': "import type { B } from './b.ts';\nexport type A = { b?: B };\n",
      'shared/b.ts': "export type { A as B } from './a.ts';\n",
      'server/services/study/studies.ts':
        "import { listAccounts } from '../accounts/users.ts';\nexport const s = listAccounts;\n",
      'server/services/accounts/owner.ts': "import { s } from '../study/studies.ts';\nexport const o = s;\n",
    });
    expect(problems.sort()).toEqual([
      'a circle of service modules: accounts ↔ study',
      'an import circle: shared/a.ts ↔ shared/b.ts',
    ]);
  });

  it('finds a long circle once', () => {
    const edges = ['a', 'b', 'c'].map((from, at, all) => ({
      from,
      to: all[(at + 1) % 3] ?? '',
      typeOnly: false,
      local: true,
    }));
    expect(importCycles(edges)).toEqual([['a', 'b', 'c']]);
  });
});

describe('the map', () => {
  const MAP = [
    'server/          the app',
    'server/store/    the store',
    'server/routes/   routes',
    'server/services/ modules',
    'server/services/accounts/ index.ts; users.ts (accounts)',
    'shared/          pure code',
  ].join('\n');

  it('passes a map that names every folder and module file', () => {
    expect(mapProblems(tree(GOOD).files, MAP)).toEqual([]);
  });

  it('fails a folder and a module file the map does not name', () => {
    const { files } = tree({
      ...GOOD,
      'server/services/accounts/auth.ts': 'export {};\n',
      'shared/stats/mean.ts': 'export {};\n',
    });
    expect(mapProblems(files, MAP)).toEqual([
      'shared/stats/: a folder the map does not name',
      'server/services/accounts/auth.ts: a file of a module its map entry does not name',
    ]);
  });

  it('does not count a name written in another entry', () => {
    const { files } = tree({ ...GOOD, 'server/services/accounts/auth.ts': 'export {};\n' });
    expect(mapProblems(files, `${MAP}\nserver/middlewares/ auth.ts`)).toEqual([
      'server/services/accounts/auth.ts: a file of a module its map entry does not name',
    ]);
  });
});
