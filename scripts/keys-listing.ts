import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ADJUDICATION_KEYS } from '../client/screens/adjudication/adjudication-keys.ts';
import { WORKSPACE_KEYS } from '../client/screens/workspace/workspace-keys.ts';
import { type KeyGroup, keyTableMarkdown } from '../client/workspace/key-list.ts';

/** A page of docs/ that carries a screen's keys as tables, and the list they are written from. */
export interface KeyPage {
  readonly page: string;
  /** The key list's file, named in the page's start marker. */
  readonly source: string;
  readonly keys: readonly KeyGroup[];
}

/** Every screen's key list and its page: one source each for the `?` dialog and the doc. */
export const KEY_PAGES: readonly KeyPage[] = [
  {
    page: fileURLToPath(new URL('../docs/ANNOTATING.md', import.meta.url)),
    source: 'client/screens/workspace/workspace-keys.ts',
    keys: WORKSPACE_KEYS,
  },
  {
    page: fileURLToPath(new URL('../docs/ADJUDICATING.md', import.meta.url)),
    source: 'client/screens/adjudication/adjudication-keys.ts',
    keys: ADJUDICATION_KEYS,
  },
];

/** Where the tables stand in a page: between these two lines, which stay. */
export function keysStart(source: string): string {
  return `<!-- The key tables below are written by \`npm run docs:keys\` from ${source}. -->`;
}
export const KEYS_END = '<!-- End of the key tables. -->';

/** `page` with the text between the markers replaced by the tables of `keys`. */
export function withKeyTables(page: string, { source, keys }: Pick<KeyPage, 'source' | 'keys'>): string {
  const marker = keysStart(source);
  const start = page.indexOf(marker);
  const end = page.indexOf(KEYS_END);
  if (start === -1 || end < start) throw new Error("the page lacks the key tables' markers");
  return `${page.slice(0, start + marker.length)}\n\n${keyTableMarkdown(keys)}\n${page.slice(end)}`;
}

// `npm run docs:keys`: rewrite each page's key tables from its screen's key list.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const entry of KEY_PAGES) {
    const page = readFileSync(entry.page, 'utf8');
    const next = withKeyTables(page, entry);
    writeFileSync(entry.page, next);
    process.stdout.write(
      `${entry.source}: ${next === page ? 'the key tables were up to date' : 'key tables rewritten'}\n`,
    );
  }
}
