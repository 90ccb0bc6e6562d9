import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importGraph, layeringProblems, mapProblems, sourceFiles } from './support/import-graph.ts';

/**
 * docs/ARCHITECTURE.md is the map of the tree and states its layering (decision
 * docs/decisions/021-service-modules.md); this test holds both to the code, the way the lexicon
 * listing is held to data/lexicon.json. test/import-graph.test.ts shows each rule failing on a tiny tree.
 */
const ROOT = new URL('..', import.meta.url).pathname;
const FOLDERS = ['server', 'shared', 'client', 'scripts', 'test', 'bench'];
const files = sourceFiles(ROOT, FOLDERS);

describe('docs/ARCHITECTURE.md against the tree', () => {
  it('names every source folder, and every file of a service module in its folder entry', () => {
    expect(
      mapProblems(files, readFileSync(new URL('../docs/ARCHITECTURE.md', import.meta.url), 'utf8')),
    ).toEqual([]);
  });

  it('holds the layering: routes and commands → a module index → store, shared/ without I/O, no circles', () => {
    expect(layeringProblems(files, importGraph(ROOT, FOLDERS))).toEqual([]);
  });
});
