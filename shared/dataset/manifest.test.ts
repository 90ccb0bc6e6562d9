import { describe, expect, it } from 'vitest';
import { datasetManifestSchema, manifestJson } from './manifest.ts';

const hash = (c: string) => c.repeat(64);

describe('manifestJson', () => {
  it('lists files by path, whatever order they come in, and reads back through its schema', () => {
    const text = manifestJson([
      { path: 'gold.jsonl', bytes: 10, sha256: hash('b') },
      { path: 'README.md', bytes: 3, sha256: hash('a') },
    ]);
    expect(text.endsWith('}\n')).toBe(true);
    const parsed = datasetManifestSchema.parse(JSON.parse(text));
    expect(parsed.files.map((file) => file.path)).toEqual(['README.md', 'gold.jsonl']);
  });
});

describe('datasetManifestSchema', () => {
  it('refuses a path that leaves the folder and a malformed hash', () => {
    const bad = { files: [{ path: '../etc/passwd', bytes: 1, sha256: 'XYZ' }] };
    const result = datasetManifestSchema.safeParse(bad);
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'files.0.path',
      'files.0.sha256',
    ]);
  });
});
