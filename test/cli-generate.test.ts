import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliSandbox } from './support/cli.ts';

describe('cli generate triples', () => {
  it('reproduces its output byte for byte from a seed, and differs for another seed', async () => {
    const sandbox = cliSandbox();
    const args = [
      'generate',
      'triples',
      '--mode',
      'arguable',
      '--count',
      '20',
      '--complexity',
      '4',
      '--seed',
    ];
    const first = await sandbox.run(...args, '7');
    const again = await sandbox.run(...args, '7');
    const other = await sandbox.run(...args, '8');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.trim().split('\n')).toHaveLength(20);
    expect(again.stdout).toBe(first.stdout);
    expect(other.stdout).not.toBe(first.stdout);
    expect(first.stderr).toMatch(
      /generated 20 arguable triple\(s\), complexity 4, seed 7; with no shared factor on the plaintiff side: \d+/,
    );
  });

  it("writes the study's scenario CSV, which imports back to the same triples", async () => {
    const sandbox = cliSandbox();
    const args = ['--mode', 'reordered', '--count', '5', '--complexity', '3', '--seed', '11'];
    await sandbox.run(
      'generate',
      'triples',
      ...args,
      '--format',
      'paper-csv',
      '--out',
      'reordered_factor_5.csv',
    );
    const imported = await sandbox.run('import', 'triples', join(sandbox.dir, 'reordered_factor_5.csv'));
    expect(imported.code, imported.stderr).toBe(0);
    const fromCsv = (await sandbox.run('export', 'triples')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const generated = (await sandbox.run('generate', 'triples', ...args)).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(fromCsv.map(({ id: _id, ...rest }) => rest)).toEqual(
      generated.map(({ id: _id, ...rest }) => rest),
    );
    expect(readFileSync(join(sandbox.dir, 'reordered_factor_5.csv'), 'utf8').startsWith('Scenario\n')).toBe(
      true,
    );
  });

  it('imports straight into the study with --import; a second identical run changes nothing', async () => {
    const sandbox = cliSandbox();
    const args = [
      'generate',
      'triples',
      '--mode',
      'non_arguable',
      '--count',
      '4',
      '--complexity',
      '3',
      '--seed',
      '3',
      '--import',
    ];
    const result = await sandbox.run(...args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('4 new');
    expect((await sandbox.run(...args)).stderr).toContain('0 new, 4 unchanged');
    const status = JSON.parse((await sandbox.run('status', '--json')).stdout);
    expect(status.triplesByMode.non_arguable).toBe(4);
  });

  it('redraws with --strict until every arguable triple shares a factor on both sides', async () => {
    const sandbox = cliSandbox();
    const result = await sandbox.run(
      'generate',
      'triples',
      '--mode',
      'arguable',
      '--count',
      '200',
      '--complexity',
      '2',
      '--seed',
      '5',
      '--strict',
    );
    expect(result.stderr).toMatch(/plaintiff side: 0, on the defendant side: 0; \d+ redrawn/);
  });

  it('names a wrong option', async () => {
    const result = await cliSandbox().run(
      'generate',
      'triples',
      '--mode',
      'easy',
      '--count',
      '1',
      '--complexity',
      '30',
      '--seed',
      '1',
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--mode:');
    expect(result.stderr).toContain('--complexity:');
  });
});
