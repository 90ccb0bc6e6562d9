import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_KEYS } from '../client/screens/workspace/workspace-keys.ts';
import { ANNOTATING_PAGE, withKeyTables } from '../scripts/keys-listing.ts';

describe('docs/ANNOTATING.md', () => {
  it('lists every key of the workspace as its ? dialog does (npm run docs:keys rewrites the tables)', () => {
    const page = readFileSync(ANNOTATING_PAGE, 'utf8');
    expect(page).toBe(withKeyTables(page, WORKSPACE_KEYS));
  });
});
