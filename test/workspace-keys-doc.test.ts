import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEY_PAGES, withKeyTables } from '../scripts/keys-listing.ts';

describe('the key tables of docs/ANNOTATING.md and docs/ADJUDICATING.md', () => {
  it.each(KEY_PAGES.map((entry) => [entry.source, entry] as const))(
    'list every key of %s as its ? dialog does (npm run docs:keys rewrites the tables)',
    (_, entry) => {
      const page = readFileSync(entry.page, 'utf8');
      expect(page).toBe(withKeyTables(page, entry));
    },
  );
});
