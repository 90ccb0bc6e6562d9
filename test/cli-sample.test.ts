import { beforeAll, describe, expect, it } from 'vitest';
import { cliSandbox } from './support/cli.ts';

type Row = Record<string, unknown>;
const jsonl = (text: string): Row[] =>
  text
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Row);

describe('sample and assign on the demo study', () => {
  const sandbox = cliSandbox();
  beforeAll(async () => {
    expect((await sandbox.run('demo')).code).toBe(0);
  });

  it('draws 50 arguments over the 24 model × test strata, 2 or 3 each, with design weights', async () => {
    const drawn = await sandbox.run('sample', '--size', '50', '--seed', '7');
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stdout).toContain(
      'sample version 1 of study "default": 50 argument(s) over 24 strata (model × test), allocation equal, seed 7',
    );
    const items = jsonl((await sandbox.run('export', 'sample')).stdout);
    expect(items).toHaveLength(50);
    const perStratum = new Map<string, Row[]>();
    for (const item of items)
      perStratum.set(String(item.stratum), [...(perStratum.get(String(item.stratum)) ?? []), item]);
    expect(perStratum.size).toBe(24);
    for (const stratumItems of perStratum.values()) {
      expect([2, 3]).toContain(stratumItems.length);
      // Σ weights over a stratum's sampled items = its population size N_h (30 arguments per cell).
      expect(stratumItems.reduce((sum, item) => sum + Number(item.weight), 0)).toBeCloseTo(30, 10);
      expect(stratumItems[0]?.inclusion_probability).toBeCloseTo(stratumItems.length / 30, 12);
    }
  });

  it('assigns every sampled argument to both annotators, and status shows the sample and the assignment', async () => {
    const before = (await sandbox.run('export', 'assignments')).stdout;
    const preview = await sandbox.run('assign', '--annotators', 'alice,bob', '--seed', '3', '--dry-run');
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stdout).toContain('would assign the 50 item(s)');
    expect((await sandbox.run('export', 'assignments')).stdout).toBe(before);
    const assigned = await sandbox.run('assign', '--annotators', 'alice,bob', '--seed', '3');
    expect(assigned.code, assigned.stderr).toBe(0);
    expect(assigned.stdout.split('\n').slice(1)).toEqual(preview.stdout.split('\n').slice(1));
    const rows = jsonl((await sandbox.run('export', 'assignments')).stdout);
    expect(rows).toHaveLength(100);
    const byArgument = new Map<string, string[]>();
    for (const row of rows)
      byArgument.set(String(row.argument_id), [
        ...(byArgument.get(String(row.argument_id)) ?? []),
        String(row.annotator),
      ]);
    expect(byArgument.size).toBe(50);
    for (const annotators of byArgument.values()) expect(annotators.sort()).toEqual(['alice', 'bob']);
    for (const name of ['alice', 'bob'])
      expect(
        rows
          .filter((row) => row.annotator === name)
          .map((row) => row.position)
          .sort((a, b) => Number(a) - Number(b)),
      ).toEqual(Array.from({ length: 50 }, (_, index) => index + 1));
    const status = (await sandbox.run('status')).stdout;
    expect(status).toContain('sample       version 1: 50 argument(s) over 24 strata (model × test), seed 7');
    expect(status).toMatch(/alice\s+50 assigned, 0 submitted/);
    const json = JSON.parse((await sandbox.run('status', '--json')).stdout);
    expect(json.sample).toMatchObject({ version: 1, drawn: 50, strata: 24 });
  });

  it('refuses to assign the same sample twice, and to assign to a non-annotator', async () => {
    const again = await sandbox.run('assign', '--annotators', 'alice,bob', '--seed', '3');
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already assigned');
    const wrongRole = await sandbox.run('assign', '--annotators', 'alice,carol', '--seed', '3');
    expect(wrongRole.stderr).toContain('"carol" does not have the annotator role');
  });

  it('draws a new version without the arguments already sampled', async () => {
    const drawn = await sandbox.run('sample', '--size', '24', '--seed', '8', '--exclude-sampled');
    expect(drawn.stdout).toContain('sample version 2');
    const first = new Set(
      jsonl((await sandbox.run('export', 'sample', '--version', '1')).stdout).map((item) => item.argument_id),
    );
    const second = jsonl((await sandbox.run('export', 'sample')).stdout);
    expect(second).toHaveLength(24);
    expect(second.filter((item) => first.has(item.argument_id))).toEqual([]);
    // N_h after exclusion: 30 minus the 2 or 3 sampled before.
    expect(second.every((item) => [27, 28].includes(Number(item.weight)))).toBe(true);
  });

  it('reassigns unfinished items and logs it', async () => {
    expect((await sandbox.run('user', 'add', 'dave', '--role', 'annotator')).code).toBe(0);
    const moved = await sandbox.run('reassign', '--from', 'bob', '--to', 'dave');
    expect(moved.stdout).toContain('moved 50 item(s) from bob to dave');
    const rows = jsonl((await sandbox.run('export', 'assignments')).stdout);
    expect(rows.filter((row) => row.annotator === 'bob')).toEqual([]);
    expect(rows.filter((row) => row.annotator === 'dave')).toHaveLength(50);
    const log = jsonl((await sandbox.run('export', 'assignment-log')).stdout);
    expect(log.filter((entry) => entry.action === 'reassign')).toHaveLength(50);
    expect(log.find((entry) => entry.action === 'reassign')).toMatchObject({
      from: 'bob',
      to: 'dave',
      actor: 'cli',
    });
  });

  it('warns when a stratum is smaller than asked', async () => {
    // Stratified by finish reason too, the demo's few truncated arguments form strata of 1 or 2.
    const drawn = await sandbox.run(
      'sample',
      '--size',
      '100',
      '--seed',
      '1',
      '--strata',
      'model,test,finish_reason',
    );
    expect(drawn.code, drawn.stderr).toBe(0);
    expect(drawn.stderr).toMatch(
      /warning: stratum finish_reason=length\|model=demo-reasoner\|test=\d has only \d eligible argument/,
    );
    expect(drawn.stdout).toContain(': 100 argument(s)');
  });
});
