import { z } from 'zod';

/** A file of the dataset with its size and checksum (the service hashes; this module only lists). */
export interface ManifestEntry {
  path: string;
  bytes: number;
  sha256: string;
}

/**
 * The dataset's `manifest.json`: `{ "files": [{ "path", "bytes", "sha256" }] }`, files in code-unit
 * order of their paths, two-space indented, ending in a newline — so the same files give the same
 * bytes. `import dataset` checks every listed file against it before reading anything. Pure.
 *
 * Preconditions: distinct paths; sha256 as 64 lowercase hex digits.
 *
 * @example manifestJson([{ path: 'gold.jsonl', bytes: 12, sha256: 'ab…' }]) // '{\n  "files": [\n    {\n      "path": "gold.jsonl", …'
 */
export function manifestJson(files: readonly ManifestEntry[]): string {
  const sorted = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map(({ path, bytes, sha256 }) => ({ path, bytes, sha256 }));
  return `${JSON.stringify({ files: sorted }, null, 2)}\n`;
}

/**
 * What `import dataset` reads of `manifest.json` (written by `manifestJson`): each file's path inside
 * the dataset folder — a plain file name, so a manifest cannot point outside it — its size and SHA-256.
 */
export const datasetManifestSchema = z.strictObject({
  files: z
    .array(
      z.strictObject({
        path: z
          .string()
          .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'must be a file name inside the dataset folder'),
        bytes: z.number().int().nonnegative(),
        sha256: z.string().regex(/^[0-9a-f]{64}$/, 'must be 64 lowercase hex digits'),
      }),
    )
    .min(1),
});
export type DatasetManifest = z.infer<typeof datasetManifestSchema>;
