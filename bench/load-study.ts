import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadDemo, loadDemoAnnotations } from '../server/services/demo/demo.ts';
import { requireStudy } from '../server/services/study/studies.ts';
import { findArgumentRowId } from '../server/store/arguments.ts';
import { findAssignment, insertAssignment } from '../server/store/assignments.ts';
import { openDatabase } from '../server/store/open.ts';
import { findUserByName } from '../server/store/users.ts';
import { buildDemoStudy } from '../shared/demo/build-demo.ts';
import { buildJudgement } from '../test/factories.ts';
import { addUser } from '../test/support/app.ts';
import { httpRequest } from './bench-worker.ts';

/**
 * What the benches that load the real server share: the demo study with its simulated annotations
 * and eight more annotators (`ann0`…`ann7`, password `annN-password`), each with one demo argument
 * of their own to autosave, and a spare account; the autosave loop they run; a CLI command run as
 * its own process.
 */
export const LOAD_ANNOTATORS = Array.from({ length: 8 }, (_, index) => `ann${index}`);
const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Seeds `file`; resolves to each load annotator's item key. */
export async function seedLoadStudy(file: string): Promise<Record<string, string>> {
  const db = await openDatabase(file);
  const { demo } = await loadDemo(db);
  await loadDemoAnnotations(db, demo);
  const studyId = (await requireStudy(db, 'default')).id;
  const keys: Record<string, string> = {};
  for (const [index, name] of LOAD_ANNOTATORS.entries()) {
    await addUser(db, name, ['annotator']);
    const userId = (await findUserByName(db, name))?.id ?? 0;
    // Arguments outside the demo's sample, so no other annotator has them.
    const sampled = new Set(
      (await db.all<{ id: number }>('SELECT argument_id AS id FROM sample_items')).map((row) => row.id),
    );
    const argumentRowId =
      (
        await Promise.all(
          demo.arguments.map(async (argument) => (await findArgumentRowId(db, studyId, argument.id)) ?? 0),
        )
      ).filter((rowId) => rowId > 0 && !sampled.has(rowId))[index] ?? 0;
    await insertAssignment(db, { argumentRowId, userId, position: 1, calibration: false, sampleId: null });
    keys[name] = (await findAssignment(db, argumentRowId, userId))?.itemKey ?? '';
  }
  await addUser(db, 'spare', ['annotator']);
  await db.close();
  return keys;
}

/** An arguments file of about `megabytes` MB: the demo's arguments again under new ids, their text doubled. */
export function writeArgumentsFile(file: string, megabytes: number): number {
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

/** Saves answered, by kind of answer, and every save's latency in ms. */
export interface SaveTally {
  saves: number;
  serverErrors: number;
  conflicts: number;
  other: number;
  latencies: number[];
  firstError?: string;
}

export const newTally = (): SaveTally => ({
  saves: 0,
  serverErrors: 0,
  conflicts: 0,
  other: 0,
  latencies: [],
});

/**
 * One annotator autosaving their item in a closed loop while `running()`: each save waits for its
 * answer, then saves again, counted into whatever `tally()` is at the time. A 409 (a restore brought
 * back an older version) continues from the version the answer names.
 */
export async function autosaveLoop(
  port: number,
  name: string,
  itemKey: string,
  headers: Record<string, string>,
  tally: () => SaveTally,
  running: () => boolean,
): Promise<void> {
  const path = `/api/studies/default/items/${itemKey}/annotation`;
  let version = 0;
  for (let attempt = 1; running(); attempt += 1) {
    const body = JSON.stringify({
      version,
      action: 'save',
      judgement: buildJudgement({ comment: `${name} save ${attempt}` }),
      secondsSpent: 1,
    });
    const started = performance.now();
    const answer = await httpRequest(port, 'PUT', path, headers, body);
    const counted = tally();
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
}

/** The eight load annotators' autosave loops (`autosaveLoop`), each with its session's headers. */
export function autosaveLoops(
  port: number,
  keys: Record<string, string>,
  sessions: readonly Record<string, string>[],
  tally: () => SaveTally,
  running: () => boolean,
): Promise<void>[] {
  return LOAD_ANNOTATORS.map((name, index) =>
    autosaveLoop(port, name, keys[name] ?? '', sessions[index] ?? {}, tally, running),
  );
}

/** One CLI command as its own process, as an admin would run it; resolves with its exit code and stderr. */
export function runCommand(
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

/** A positive number flag of `npm run bench -- --NAME VALUE`, else `fallback`. */
export function numberFlag(flags: Record<string, string>, name: string, fallback: number): number {
  const value = Number(flags[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} takes a positive number`);
  return value;
}
