import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};

/** Source files that run (or are built) under `npm start`: everything but tests, benchmarks and test support. */
function runtimeFiles(directory: string): string[] {
  return readdirSync(join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return runtimeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `react-dom/client` → `react-dom`, `@tanstack/react-query` stays whole. */
function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] ?? specifier);
}

const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

describe('npm start after npm ci --omit=dev', () => {
  it('finds every package that the server, the CLI and the client build import among the dependencies', () => {
    const files = [...['client', 'server', 'shared', 'scripts'].flatMap(runtimeFiles), 'vite.config.ts'];
    const missing: string[] = [];
    for (const file of files) {
      const source = readFileSync(join(ROOT, file), 'utf8');
      for (const match of source.matchAll(IMPORT)) {
        const specifier = match[1] ?? match[2] ?? '';
        if (!/^[@a-z]/.test(specifier) || specifier.startsWith('node:')) continue;
        if (/^import type\b/.test(match[0].trim())) continue;
        const name = packageName(specifier);
        if (builtinModules.includes(name)) continue;
        if (!(name in packageJson.dependencies)) missing.push(`${relative(ROOT, join(ROOT, file))}: ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('starts through tsx, which is a dependency', () => {
    expect(packageJson.dependencies).toHaveProperty('tsx');
    expect(packageJson.dependencies).toHaveProperty('vite');
    expect(packageJson.dependencies).toHaveProperty('@vitejs/plugin-react');
  });
});
