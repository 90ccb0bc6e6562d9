import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
let child: ChildProcess | undefined;

afterAll(() => {
  child?.kill('SIGTERM');
});

/** Starts `npm start`'s entry on a fresh database and a free port; resolves with its URL and what it printed. */
function startApp(): Promise<{ url: string; output: () => string }> {
  const database = join(mkdtempSync(join(tmpdir(), 'fa-start-')), 'fresh.db');
  child = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', FACTOR_AUDIT_DB: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^\s]+)/.exec(output)?.[1];
      if (url && output.includes('Stop with Ctrl-C')) resolve({ url, output: () => output });
    };
    child?.stdout?.on('data', onData);
    child?.stderr?.on('data', onData);
    child?.on('exit', (code) => reject(new Error(`start exited with ${code}:\n${output}`)));
  });
}

describe('npm start on a fresh database', () => {
  it('serves the login page, the API, and prints the demo logins', { timeout: 180_000 }, async () => {
    const { url, output } = await startApp();
    expect(output()).toContain('loading the demo study');
    expect(output()).toMatch(/admin\s+\/ admin-demo-2025\s+admin/);
    expect(output()).toMatch(/alice\s+\/ alice-demo-2025\s+annotator/);
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const login = await fetch(new URL('/login', url));
    expect(login.status).toBe(200);
    const health = await fetch(new URL('/api/health', url));
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ ok: true, database: 'sqlite', schemaVersion: expect.any(Number) });
    const loggedIn = await fetch(new URL('/api/auth/login', url), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-demo-2025' }),
    });
    expect(loggedIn.status).toBe(200);
    const cookies = loggedIn.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .join('; ');
    const overview = await (
      await fetch(new URL('/api/studies/default/overview', url), { headers: { cookie: cookies } })
    ).json();
    expect(overview.totals).toMatchObject({ arguments: 720, extractions: 720, failedExtractions: 0 });
  });
});
