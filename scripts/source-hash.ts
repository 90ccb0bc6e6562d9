import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Every file under `directory` but the test files, recursively. */
export function listSourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return listSourceFiles(path);
    return /\.test\.tsx?$/.test(entry.name) ? [] : [path];
  });
}

/**
 * The SHA-256 of what a build reads: the files under `directories` (test files left out) and the
 * `files` that exist, by path relative to `root` and content, in a fixed order — so a build is
 * known current or stale whatever the files' times say.
 */
export function hashSources(root: string, directories: readonly string[], files: readonly string[]): string {
  const paths = [
    ...directories.flatMap((directory) => listSourceFiles(join(root, directory))),
    ...files.map((file) => join(root, file)).filter((file) => existsSync(file)),
  ].sort();
  const hash = createHash('sha256');
  for (const path of paths) {
    hash.update(relative(root, path));
    hash.update('\0');
    hash.update(readFileSync(path));
    hash.update('\0');
  }
  return hash.digest('hex');
}
