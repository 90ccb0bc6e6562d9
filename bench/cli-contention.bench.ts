import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logInOver, startServer } from '../test/support/child-server.ts';
import { loadAverage, quantile } from './bench-worker.ts';
import type { Bench, BenchFigure } from './harness.ts';
import {
  autosaveLoops,
  LOAD_ANNOTATORS,
  newTally,
  numberFlag,
  runCommand,
  type SaveTally,
  seedLoadStudy,
  writeArgumentsFile,
} from './load-study.ts';

/**
 * Autosaves beside the command line: the real server (`npm start`'s entry, its own process) on the
 * demo study with its simulated annotations, eight more annotators autosaving their own item in
 * closed loops (each save waits for its answer, then saves again), while each CLI command that
 * writes runs beside it as its own process —
 * `extract --extractor rules`, `import arguments` of a large file (`--import-mb`, 30 by default),
 * `sample`, `user passwd` and `restore --force`. Counted per command: the saves answered, those
 * answered 5xx (the target is none), 409 (a restore brings back older versions; the loop then
 * continues from the version the answer names), any other answer, the slowest save, and the
 * command's own exit code; the saves of the 2 s after a command ends count with it. A baseline with
 * no command running comes first.
 */
const BASELINE_SECONDS = 5;
const AFTER_SECONDS = 2;

const bench: Bench = {
  name: 'autosaves beside each CLI write command (8 loops, the real server, the demo study)',
  async run(options) {
    const dir = mkdtempSync(join(tmpdir(), 'fa-contention-'));
    const database = join(dir, 'study.db');
    const keys = await seedLoadStudy(database);
    const argumentsFile = join(dir, 'bulk-arguments.jsonl');
    const bulk = writeArgumentsFile(argumentsFile, numberFlag(options.flags, 'import-mb', 30));
    console.log(`  ${bulk} arguments to import; load average before: ${loadAverage()}`);
    const server = await startServer(database);
    const port = Number(new URL(server.url).port);
    const sessions = await Promise.all(LOAD_ANNOTATORS.map((name) => logInOver(server.url, name)));
    // After the logins, so the restored database still knows the loops' sessions.
    const backup = join(dir, 'backup.db');
    const backedUp = await runCommand(database, ['backup', '--out', backup]);
    if (backedUp.code !== 0) throw new Error(`backup failed: ${backedUp.stderr}`);

    let tally = newTally();
    let running = true;
    const loops = autosaveLoops(
      port,
      keys,
      sessions,
      () => tally,
      () => running,
    );

    const figures: BenchFigure[] = [];
    const report = (label: string, counted: SaveTally, command?: { code: number; seconds: number }) => {
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
      // The saves just after the command count with it (a restore's older versions show there).
      await new Promise((resolve) => setTimeout(resolve, AFTER_SECONDS * 1000));
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
