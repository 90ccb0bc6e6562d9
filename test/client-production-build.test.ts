import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLIENT_DIR } from '../scripts/client-build.ts';

// In the integration project, whose global setup builds the client: the unit slice builds nothing.
describe('the client built for the tests (as npm start would serve it)', () => {
  it('is the production build even under Vitest, whose NODE_ENV is "test"', () => {
    // The global setup built dist/client in this process tree; React's production bundle carries
    // its minified error messages, the development bundle does not. React is in the entry chunk, the
    // one index.html loads (the report screen's chunk is loaded on demand).
    const assets = join(CLIENT_DIR, 'assets');
    const html = readFileSync(join(CLIENT_DIR, 'index.html'), 'utf8');
    const script = readdirSync(assets).find(
      (file) => file.endsWith('.js') && html.includes(`/assets/${file}`),
    );
    expect(script).toBeDefined();
    expect(readFileSync(join(assets, script ?? ''), 'utf8')).toContain('Minified React error');
  });
});
