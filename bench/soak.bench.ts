import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_USERS } from '../server/services/demo/demo.ts';
import { logInOver, startServer } from '../test/support/child-server.ts';
import { httpRequest, loadAverage, quantile } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import {
  autosaveLoops,
  LOAD_ANNOTATORS,
  newTally,
  numberFlag,
  type SaveTally,
  seedLoadStudy,
} from './load-study.ts';

/**
 * The server's memory under a long mixed load, and whether it settles: the real server (its own
 * process) on the demo study with its simulated annotations; its resident set size (VmRSS, read from
 * /proc once a second) idle before, then `--phases` phases (3) of mixed load over `--minutes` in all
 * (10) — eight annotators autosaving, two more reading their queue and item, an adjudicator opening
 * items, an admin paging the console (overview, arguments, progress, imports, audit), the report
 * recomputed with a new seed every `--report-seconds` (20), a login and logout every second — each
 * phase followed by `--idle-seconds` (30) without requests. It settles when the idle level after a
 * phase stops rising: the figures are the idle RSS before, after each phase, and each rise; the peak
 * and median during the load. Nothing is asserted (`npm run bench -- soak --minutes 4`).
 */
const SAMPLE_MS = 1_000;

function residentMegabytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? Number.NaN);
  return kilobytes / 1024;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Headers = Record<string, string>;

/** The server's RSS read once a second, and its idle level: the mean of the last third of an idle spell. */
function startSampler(pid: number, idleSeconds: number) {
  const samples: number[] = [];
  const timer = setInterval(() => samples.push(residentMegabytes(pid)), SAMPLE_MS);
  const idleLevel = async () => {
    const from = samples.length;
    await sleep(idleSeconds * 1000);
    // The last third of the idle time: what the server keeps once the load is gone.
    const tail = samples.slice(from + Math.floor(((samples.length - from) * 2) / 3));
    return tail.reduce((sum, value) => sum + value, 0) / Math.max(1, tail.length);
  };
  return { samples, idleLevel, stop: () => clearInterval(timer) };
}

/** Logs a demo account in over HTTP; resolves to the headers its requests send (cookie, CSRF token). */
async function logIn(port: number, name: string): Promise<Headers> {
  const secret = DEMO_USERS.find((user) => user.username === name)?.password ?? '';
  const answer = await httpRequest(
    port,
    'POST',
    '/api/auth/login',
    { 'content-type': 'application/json' },
    JSON.stringify({ username: name, password: secret }),
  );
  if (answer.status !== 200) throw new Error(`${name} could not log in: ${answer.status}`);
  const cookies = ([] as string[])
    .concat(answer.headers['set-cookie'] ?? [])
    .map((cookie) => cookie.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('fa_csrf='))?.slice('fa_csrf='.length) ?? '';
  return { cookie: cookies.join('; '), 'x-csrf-token': csrf, 'content-type': 'application/json' };
}

/** Every answer's status besides the autosaves', with the first refusal of each status as an example. */
function newStatusLog() {
  const statuses = new Map<number, number>();
  const refusals = new Map<string, string>();
  const count = (status: number, path = '') => {
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    if (status >= 400 && !refusals.has(`${status}`)) refusals.set(`${status}`, path);
  };
  return { statuses, refusals, count };
}
type StatusLog = ReturnType<typeof newStatusLog>;

interface Sessions {
  readers: Headers[];
  carol: Headers;
  admin: Headers;
}

/**
 * The load beside the autosaves, each loop going while `running()`: two annotators reading their
 * queue and items, the adjudicator opening items, the admin paging the console, the report with a new
 * seed every `reportSeconds`, and a login and logout a second.
 */
function otherLoops(
  port: number,
  sessions: Sessions,
  reportSeconds: number,
  log: StatusLog,
  running: () => boolean,
): Promise<void>[] {
  const get = async (headers: Headers, path: string) => {
    const answer = await httpRequest(port, 'GET', path, headers);
    log.count(answer.status, `GET ${path}: ${answer.text.slice(0, 160)}`);
    return answer;
  };
  const readerLoop = async (headers: Headers) => {
    while (running()) {
      const queue = await get(headers, '/api/studies/default/queue');
      const next = (JSON.parse(queue.text) as { items?: { itemKey: string }[] }).items ?? [];
      for (const item of next.slice(0, 3)) await get(headers, `/api/studies/default/items/${item.itemKey}`);
      await sleep(200);
    }
  };
  const adjudicatorLoop = async () => {
    while (running()) {
      const queue = await get(sessions.carol, '/api/studies/default/adjudication');
      const entries = (JSON.parse(queue.text) as { items?: { itemKey: string }[] }).items ?? [];
      for (const entry of entries.slice(0, 3))
        await get(sessions.carol, `/api/studies/default/adjudication/items/${entry.itemKey}`);
      await sleep(300);
    }
  };
  const adminLoop = async () => {
    for (let page = 1; running(); page = (page % 29) + 1) {
      for (const path of [
        '/api/studies/default/overview',
        `/api/studies/default/arguments?page=${page}&pageSize=25`,
        '/api/studies/default/progress',
        '/api/studies/default/imports',
        '/api/studies/default/audit?limit=200',
      ])
        await get(sessions.admin, path);
      await sleep(250);
    }
  };
  const reportLoop = async () => {
    for (let seed = 1; running(); seed += 1) {
      await get(sessions.admin, `/api/studies/default/report?replicates=200&seed=${seed}`);
      await sleep(reportSeconds * 1000);
    }
  };
  const sessionLoop = async () => {
    while (running()) {
      const session = await logIn(port, 'alice');
      const answer = await httpRequest(port, 'POST', '/api/auth/logout', session);
      log.count(answer.status, `POST /api/auth/logout: ${answer.text.slice(0, 160)}`);
      await sleep(1000);
    }
  };
  return [...sessions.readers.map(readerLoop), adjudicatorLoop(), adminLoop(), reportLoop(), sessionLoop()];
}

/** The figures of one phase: RSS during it (median, peak) and idle after it, the rise, the saves. */
function phaseFigures(phase: number, load: readonly number[], idle: number, rise: number, tally: SaveTally) {
  return [
    { name: `phase ${phase}: RSS during, median`, value: quantile(load, 0.5), unit: 'MB' },
    { name: `phase ${phase}: RSS during, peak`, value: load.at(-1) ?? Number.NaN, unit: 'MB' },
    { name: `phase ${phase}: RSS idle after`, value: idle, unit: 'MB' },
    { name: `phase ${phase}: rise of the idle level`, value: rise, unit: 'MB' },
    { name: `phase ${phase}: saves`, value: tally.saves, unit: 'saves' },
    { name: `phase ${phase}: saves answered 5xx`, value: tally.serverErrors, unit: 'saves' },
  ];
}

/** Says whether the idle level settled, with the statuses seen; the whole load's figures. */
function settleFigures(
  before: number,
  idleAfter: readonly number[],
  during: readonly number[],
  log: StatusLog,
) {
  const rises = idleAfter.map((level, index) => level - (idleAfter[index - 1] ?? before));
  const last = rises.at(-1) ?? Number.NaN;
  // Settled: the last phase raised the idle level by less than 5% of where it started (or it fell).
  const settles = last < before * 0.05;
  for (const [status, example] of log.refusals) console.log(`  first ${status}: ${example}`);
  console.log(
    `  statuses: ${[...log.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(', ')}`,
  );
  console.log(
    `  RSS idle before ${before.toFixed(0)} MB; during: median ${quantile(during, 0.5).toFixed(0)} MB, peak ${(during.at(-1) ?? 0).toFixed(0)} MB; ` +
      `idle after each phase ${idleAfter.map((level) => level.toFixed(0)).join(', ')} MB (rises ${rises.map((rise) => rise.toFixed(1)).join(', ')} MB): ` +
      (settles
        ? 'it settles (the last phase raised the idle level by less than 5%)'
        : 'it does not settle yet (the last phase still raised the idle level by 5% or more)'),
  );
  return [
    { name: 'RSS during the load, median', value: quantile(during, 0.5), unit: 'MB' },
    { name: 'RSS during the load, peak', value: during.at(-1) ?? Number.NaN, unit: 'MB' },
    { name: 'RSS idle after the last phase', value: idleAfter.at(-1) ?? Number.NaN, unit: 'MB' },
    { name: 'settles (1) or not (0)', value: settles ? 1 : 0, unit: '' },
  ];
}

const bench: Bench = {
  name: 'server memory under a long mixed load (RSS before, during, after; does it settle?)',
  async run({ flags }) {
    const minutes = numberFlag(flags, 'minutes', 10);
    const phases = Math.round(numberFlag(flags, 'phases', 3));
    const idleSeconds = numberFlag(flags, 'idle-seconds', 30);
    const reportSeconds = numberFlag(flags, 'report-seconds', 20);
    const dir = mkdtempSync(join(tmpdir(), 'fa-soak-'));
    const database = join(dir, 'study.db');
    const keys = await seedLoadStudy(database);
    const server = await startServer(database);
    const port = Number(new URL(server.url).port);
    console.log(
      `  ${minutes} min of load in ${phases} phases, ${idleSeconds} s idle after each; load average ${loadAverage()}`,
    );
    const sampler = startSampler(server.child.pid ?? 0, idleSeconds);
    const savers = await Promise.all(LOAD_ANNOTATORS.map((name) => logInOver(server.url, name)));
    const sessions: Sessions = {
      readers: await Promise.all(['alice', 'bob'].map((name) => logIn(port, name))),
      carol: await logIn(port, 'carol'),
      admin: await logIn(port, 'admin'),
    };

    const before = await sampler.idleLevel();
    let running = false;
    let tally = newTally();
    const log = newStatusLog();
    const figures: BenchFigure[] = [{ name: 'RSS idle, before any load', value: before, unit: 'MB' }];
    const idleAfter: number[] = [];
    const during: number[] = [];
    for (let phase = 1; phase <= phases; phase += 1) {
      running = true;
      tally = newTally();
      const from = sampler.samples.length;
      const loops = [
        ...autosaveLoops(
          port,
          keys,
          savers,
          () => tally,
          () => running,
        ),
        ...otherLoops(port, sessions, reportSeconds, log, () => running),
      ];
      await sleep(((minutes * 60) / phases) * 1000);
      running = false;
      await Promise.all(loops);
      const load = sampler.samples.slice(from).sort((a, b) => a - b);
      during.push(...load);
      const idle = await sampler.idleLevel();
      const rise = idle - (idleAfter.at(-1) ?? before);
      idleAfter.push(idle);
      const serverErrors = [...log.statuses]
        .filter(([status]) => status >= 500)
        .reduce((n, [, c]) => n + c, 0);
      console.log(
        `  phase ${phase}: ${tally.saves} saves (${tally.serverErrors} 5xx), RSS during median ${quantile(load, 0.5).toFixed(0)} MB, ` +
          `peak ${(load.at(-1) ?? Number.NaN).toFixed(0)} MB; idle after ${idle.toFixed(0)} MB (${rise >= 0 ? '+' : ''}${rise.toFixed(1)} MB); ` +
          `other requests' 5xx so far ${serverErrors}`,
      );
      figures.push(...phaseFigures(phase, load, idle, rise, tally));
    }
    sampler.stop();
    during.sort((a, b) => a - b);
    figures.push(...settleFigures(before, idleAfter, during, log));
    await server.stop('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
    return figures;
  },
};
export default bench;
