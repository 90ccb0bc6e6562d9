import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { WORKSPACE_KEYS } from '../client/screens/workspace/workspace-keys.ts';
import { type KeyGroup, keyTableMarkdown } from '../client/workspace/key-list.ts';

/** Where the tables stand in docs/ANNOTATING.md: between these two lines, which stay. */
export const KEYS_START =
  '<!-- The key tables below are written by `npm run docs:keys` from client/screens/workspace/workspace-keys.ts. -->';
export const KEYS_END = '<!-- End of the key tables. -->';

/** `page` with the text between the markers replaced by the tables of `keys`. */
export function withKeyTables(page: string, keys: readonly KeyGroup[]): string {
  const start = page.indexOf(KEYS_START);
  const end = page.indexOf(KEYS_END);
  if (start === -1 || end < start) throw new Error("the page lacks the key tables' markers");
  return `${page.slice(0, start + KEYS_START.length)}\n\n${keyTableMarkdown(keys)}\n${page.slice(end)}`;
}

export const ANNOTATING_PAGE = fileURLToPath(new URL('../docs/ANNOTATING.md', import.meta.url));

// `npm run docs:keys`: rewrite docs/ANNOTATING.md's key tables from the workspace's key list.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const page = readFileSync(ANNOTATING_PAGE, 'utf8');
  const next = withKeyTables(page, WORKSPACE_KEYS);
  writeFileSync(ANNOTATING_PAGE, next);
  process.stdout.write(next === page ? 'the key tables were up to date\n' : 'key tables rewritten\n');
}
