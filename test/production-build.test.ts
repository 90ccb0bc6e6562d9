import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../scripts/server-build.ts';
import { reportJobSchema } from '../shared/report-jobs-api.ts';

/**
 * `npm run build` then `npm run start:prod`: the server compiled by scripts/server-build.ts (into a
 * folder of its own under dist/, beside the client the global setup built) runs under plain `node`
 * with test/support/no-typescript.mjs preloaded, which fails every load of a .ts module or of tsx —
 * in the main thread and in the report's worker thread.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const GUARD = join(ROOT, 'test', 'support', 'no-typescript.mjs');
const TREE = join(ROOT, 'dist', `server-test-${process.pid}`);
const children: ChildProcess[] = [];

let buildSeconds = 0;
beforeAll(async () => {
  buildSeconds = await buildServer(TREE);
}, 60_000);

afterAll(() => {
  for (const child of children) child.kill('SIGTERM');
  rmSync(TREE, { recursive: true, force: true });
});

/**
 * Runs `args` under node with the guard on a fresh database; resolves once listening, or with its
 * exit. `onTerminal`: on a pseudo-terminal, through util-linux's `script` (Debian's bsdutils).
 */
function start(
  args: string[],
  { onTerminal = false } = {},
): Promise<{ url: string; output: () => string } | { exit: string }> {
  const database = join(mkdtempSync(join(tmpdir(), 'fa-prod-')), 'fresh.db');
  const command = [process.execPath, '--import', GUARD, ...args];
  const quoted = command.map((part) => `'${part.replaceAll("'", "'\\''")}'`).join(' ');
  const [file, ...rest] = onTerminal ? ['script', '-qfec', quoted, '/dev/null'] : command;
  const child = spawn(file ?? '', rest, {
    cwd: ROOT,
    // VITEST is cleared so the log keeps its production default (info), as a department's server would.
    env: { ...process.env, VITEST: '', NODE_ENV: 'production', PORT: '0', FACTOR_AUDIT_DB: database },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /running at (http:\/\/[^\s]+?)\/?\s/.exec(output)?.[1];
      if (url && output.includes('Stop with Ctrl-C')) resolve({ url, output: () => output });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => resolve({ exit: `${code ?? signal}:\n${output}` }));
  });
}

describe('the compiled server', () => {
  it('builds in seconds', () => {
    console.log(`server build: ${buildSeconds.toFixed(2)} s`);
    expect(buildSeconds).toBeGreaterThan(0);
  });

  it('the guard fails the server run from source through tsx', { timeout: 30_000 }, async () => {
    const started = await start(['--import', 'tsx', 'scripts/start.ts']);
    expect(started).toMatchObject({
      exit: expect.stringContaining('a TypeScript module or loader was loaded'),
    });
  });

  it('starts under plain node, loads the demo, logs JSON off a terminal and runs a report in its worker', {
    timeout: 120_000,
  }, async () => {
    const started = await start([join(TREE, 'scripts', 'start.js')]);
    if ('exit' in started) throw new Error(`the compiled server stopped: ${started.exit}`);
    const { url, output } = started;
    expect(output()).toContain('loading the demo study');
    expect(output()).toMatch(/admin\s+\/ admin-demo-2025\s+admin/);
    const page = await fetch(url);
    expect(await page.text()).toContain('<div id="root">');
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({
      ok: true,
      database: 'sqlite',
      schemaVersion: expect.toSatisfy(Number.isInteger),
    });

    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'admin-demo-2025' }),
    });
    expect(login.status).toBe(200);
    const cookies = login.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
    const csrf = cookies.find((cookie) => cookie.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
    const headers = { 'content-type': 'application/json', cookie: cookies.join('; '), 'x-csrf-token': csrf };
    const jobs = `${url}/api/studies/default/report/jobs`;
    const posted = await fetch(jobs, {
      method: 'POST',
      headers,
      body: JSON.stringify({ replicates: 20, seed: 7 }),
    });
    expect(posted.status).toBe(202);
    let job = reportJobSchema.parse(await posted.json());
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = reportJobSchema.parse(await (await fetch(`${jobs}/${job.id}`, { headers })).json());
    }
    expect(job.status, output()).toBe('done');
    const result = await fetch(`${jobs}/${job.id}/result`, { headers });
    expect(result.status).toBe(200);
    const report = (await result.json()) as { meta?: { generated_at?: string; software_version?: string } };
    expect(report.meta?.generated_at).toSatisfy((value: unknown) => typeof value === 'string');

    // Standard output is a pipe here: the request log is one JSON object a line.
    const logged = output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { req?: { path?: string } });
    expect(logged.map((entry) => entry.req?.path)).toContain('/api/health');
  });

  it('writes one readable log line a request on a terminal', { timeout: 60_000 }, async () => {
    const started = await start([join(TREE, 'scripts', 'start.js')], { onTerminal: true });
    if ('exit' in started) throw new Error(`the compiled server stopped: ${started.exit}`);
    expect((await fetch(`${started.url}/api/health`)).status).toBe(200);
    await expect
      .poll(() => started.output(), { timeout: 10_000 })
      .toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO {2}GET \/api\/health 200 \d+ms\r?$/m);
    expect(started.output()).not.toContain('{"level"');
  });

  it('migrates a database with the compiled CLI', { timeout: 30_000 }, () => {
    const database = join(mkdtempSync(join(tmpdir(), 'fa-prod-cli-')), 'new.db');
    const output = execFileSync(
      process.execPath,
      ['--import', GUARD, join(TREE, 'scripts', 'cli.js'), 'migrate', '--db', database],
      { cwd: ROOT, encoding: 'utf8' },
    );
    expect(output).toMatch(/migrated from level 0 to \d+/);
    expect(output).toContain('applied 001_init.sql');
  });

  it('refuses to start from a tree built from other sources', { timeout: 60_000 }, async () => {
    const stale = join(ROOT, 'dist', `server-test-${process.pid}-stale`);
    await buildServer(stale);
    rmSync(join(stale, '.source-hash'));
    try {
      const started = await start([join(stale, 'scripts', 'start.js')]);
      expect(started).toMatchObject({ exit: expect.stringContaining('run npm run build') });
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
