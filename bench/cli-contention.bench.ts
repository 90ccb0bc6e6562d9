import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadDemo } from '../server/services/demo-service.ts';
import { findArgumentRowId } from '../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../server/store/assignments.ts';
import { openDatabase } from '../server/store/open.ts';
import { findUserByName } from '../server/store/users.ts';
import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { buildJudgement } from '../test/factories.ts';
import { addUser } from '../test/support/app.ts';
import { logInOver, startServer } from '../test/support/child-server.ts';
import { httpRequest, loadAverage, quantile } from './bench-worker.ts';
import type { Bench, BenchFigure, BenchOptions } from './harness.ts';

/**
 * Autosaves beside the command line: the real server (`npm start`'s entry, its own process) on the
 * demo study, eight annotators autosaving their own item in closed loops (each save waits for its
 * answer, then saves again), while each CLI command that writes runs beside it as its own process —
 * `extract --extractor rules`, `import arguments` of a large file (`--import-mb`, 30 by default),
 * `sample`, `user passwd` and `restore --force`. Counted per command: the saves answered, those
 * answered 5xx (the target is none), 409 (a restore brings back older versions; the loop then
 * continues from the version the answer names), any other answer, the slowest save, and the
 * command's own exit code. A baseline with no command running comes first.
 */
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const ANNOTATORS = Array.from({ length: 8 }, (_, index) => `ann${index}`);
const BASELINE_SECONDS = 5;

interface Tally {
  saves: number;
  serverErrors: number;
  conflicts: number;
  other: number;
  latencies: number[];
  firstError?: string;
}

const newTally = (): Tally => ({ saves: 0, serverErrors: 0, conflicts: 0, other: 0, latencies: [] });

/** The demo study, eight annotators with one demo argument each, a spare account for `user passwd`. */
async function seedDatabase(file: string): Promise<Record<string, string>> {
  const db = openDatabase(file);
  await loadDemo(db);
  const demo = buildDemoStudy();
  const keys: Record<string, string> = {};
  for (const [index, name] of ANNOTATORS.entries()) {
    await addUser(db, name, ['annotator']);
    const userId = findUserByName(db, name)?.id ?? 0;
    const argumentId = demo.arguments[index * 90]?.id ?? '';
    const argumentRowId = findArgumentRowId(db, 1, argumentId) ?? 0;
    insertAssignment(db, { argumentRowId, userId, position: 1, calibration: false, sampleId: null });
    keys[name] = findAssignment(db, argumentRowId, userId)?.itemKey ?? '';
  }
  await addUser(db, 'spare', ['annotator']);
  db.close();
  return keys;
}

/** An arguments file of about `megabytes` MB: the demo's arguments again under new ids, their text repeated. */
function writeArgumentsFile(file: string, megabytes: number): number {
  const demo = buildDemoStudy();
  const lines: string[] = [];
  let bytes = 0;
  for (let index = 0; bytes < megabytes * 1024 * 1024; index += 1) {
    const source = demo.arguments[index % demo.arguments.length];
    if (!source) break;
    const line = JSON.stringify({ ...source, id: `bulk-${index}`, text: `${source.text}\n\n${source.text}` });
    lines.push(line);
    bytes += Buffer.byteLength(line) + 1;
  }
  writeFileSync(file, `${lines.join('\n')}\n`);
  return lines.length;
}

/** One CLI command as its own process, as an admin would run it; resolves with its exit code and output. */
function runCommand(
  database: string,
  args: readonly string[],
): Promise<{ code: number; seconds: number; stderr: string }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/cli.ts', '--db', database, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  return new Promise((resolve) =>
    child.once('exit', (code) =>
      resolve({ code: code ?? -1, seconds: (performance.now() - started) / 1000, stderr }),
    ),
  );
}

function flag(options: BenchOptions, name: string, fallback: number): number {
  const value = Number(options.flags[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}

const bench: Bench = {
  name: 'autosaves beside each CLI write command (8 loops, the real server, the demo study)',
  async run(options) {
    const dir = mkdtempSync(join(tmpdir(), 'fa-contention-'));
    const database = join(dir, 'study.db');
    const keys = await seedDatabase(database);
    const argumentsFile = join(dir, 'bulk-arguments.jsonl');
    const bulk = writeArgumentsFile(argumentsFile, flag(options, 'import-mb', 30));
    console.log(`  ${bulk} arguments to import; load average before: ${loadAverage()}`);
    const server = await startServer(database);
    const port = Number(new URL(server.url).port);
    const sessions = await Promise.all(ANNOTATORS.map((name) => logInOver(server.url, name)));
    // After the logins, so the restored database still knows the loops' sessions.
    const backup = join(dir, 'backup.db');
    const backedUp = await runCommand(database, ['backup', '--out', backup]);
    if (backedUp.code !== 0) throw new Error(`backup failed: ${backedUp.stderr}`);

    let tally = newTally();
    let running = true;
    const loop = async (index: number) => {
      const name = ANNOTATORS[index] ?? '';
      const headers = sessions[index] ?? {};
      const path = `/api/studies/default/items/${keys[name]}/annotation`;
      let version = 0;
      for (let attempt = 1; running; attempt += 1) {
        const body = JSON.stringify({
          version,
          action: 'save',
          judgement: buildJudgement({ comment: `${name} save ${attempt}` }),
          secondsSpent: 1,
        });
        const started = performance.now();
        const answer = await httpRequest(port, 'PUT', path, headers, body);
        const counted = tally;
        counted.latencies.push(performance.now() - started);
        counted.saves += 1;
        if (answer.status === 200) version = (JSON.parse(answer.text) as { version: number }).version;
        else if (answer.status === 409) {
          counted.conflicts += 1;
          const details = JSON.parse(answer.text) as {
            error: { details?: { current?: { version?: number } | null } };
          };
          version = details.error.details?.current?.version ?? 0;
        } else {
          if (answer.status >= 500) counted.serverErrors += 1;
          else counted.other += 1;
          counted.firstError ??= `${answer.status} ${answer.text.slice(0, 200)}`;
        }
      }
    };
    const loops = ANNOTATORS.map((_, index) => loop(index));

    const figures: BenchFigure[] = [];
    const report = (label: string, counted: Tally, command?: { code: number; seconds: number }) => {
      counted.latencies.sort((a, b) => a - b);
      const p99 = quantile(counted.latencies, 0.99);
      const max = counted.latencies.at(-1) ?? Number.NaN;
      console.log(
        `  ${label}: ${counted.saves} saves, ${counted.serverErrors} 5xx, ${counted.conflicts} 409, ${counted.other} other` +
          `; p99 ${p99.toFixed(0)} ms, max ${max.toFixed(0)} ms` +
          (command ? `; the command took ${command.seconds.toFixed(1)} s, exit code ${command.code}` : '') +
          (counted.firstError ? `; first error: ${counted.firstError}` : ''),
      );
      figures.push(
        { name: `${label}: saves answered`, value: counted.saves, unit: 'saves' },
        { name: `${label}: saves answered 5xx`, value: counted.serverErrors, unit: 'saves' },
        { name: `${label}: slowest save`, value: max, unit: 'ms' },
      );
      if (command) figures.push({ name: `${label}: the command's exit code`, value: command.code, unit: '' });
    };

    await new Promise((resolve) => setTimeout(resolve, BASELINE_SECONDS * 1000));
    report('no command', tally);
    const commands: [string, string[]][] = [
      ['extract --extractor rules', ['extract', '--extractor', 'rules', '--name', 'rules-contention']],
      ['import arguments', ['import', 'arguments', argumentsFile]],
      ['sample', ['sample', '--size', '200', '--seed', '11']],
      ['user passwd', ['user', 'passwd', 'spare', '--password', 'spare-password-2']],
      ['restore --force', ['restore', backup, '--force']],
    ];
    for (const [label, args] of commands) {
      tally = newTally();
      const outcome = await runCommand(database, args);
      const counted = tally;
      tally = newTally();
      if (outcome.code !== 0)
        console.log(`  ${label} failed: ${outcome.stderr.trim().split('\n').slice(-3).join(' | ')}`);
      report(label, counted, outcome);
    }
    running = false;
    await Promise.all(loops);
    await server.stop('SIGTERM');
    console.log(`  load average after: ${loadAverage()}`);
    rmSync(dir, { recursive: true, force: true });
    return figures;
  },
};
export default bench;
