import { describe, expect, it } from 'vitest';
import { smallScenario } from '../shared/simulation/test-fixtures.ts';
import { cliSandbox } from './support/cli.ts';

interface CoverageJson {
  settings: { replicates: number; bootstrap: number; seed: number };
  summary: {
    studies: number;
    rows: {
      family: string;
      method: string;
      intervals: number;
      coverage: number | null;
      mc_error: number | null;
    }[];
    claims: { acch_above: { studies: number; checked: number } };
  };
}

describe('simulate coverage', () => {
  const sandbox = cliSandbox();
  const scenario = sandbox.file('scenario.json', JSON.stringify(smallScenario(6, 12)));
  const run = (...args: string[]) =>
    sandbox.run(
      'simulate',
      'coverage',
      '--scenario',
      scenario,
      '--replicates',
      '20',
      '--bootstrap',
      '50',
      ...args,
    );

  it('prints the coverage table for a scenario file, and JSON that is the same for the same seed whatever the number of workers', {
    timeout: 120_000,
  }, async () => {
    const table = await run('--seed', '4', '--workers', '1');
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toContain(
      "Coverage of the report's intervals: small; 2 models × 3 tests × 6 arguments, 12 gold",
    );
    expect(table.stdout).toMatch(/\| corrected AccH \(gpt-4\.1\) +\| student-t +\| +120 \|/);
    expect(table.stdout).toContain('| AccH above threshold |');
    expect(table.stderr).toMatch(/simulated 20 studies in [\d.]+ s on 1 worker\(s\) \(load average/);

    const first = await run('--seed', '4', '--workers', '1', '--format', 'json');
    const second = await run('--seed', '4', '--workers', '2', '--format', 'json');
    expect(first.code, first.stderr).toBe(0);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    const json = JSON.parse(first.stdout) as CoverageJson;
    expect(json.settings).toMatchObject({ replicates: 20, bootstrap: 50, seed: 4 });
    expect(json.summary.studies).toBe(20);
    const corrected = json.summary.rows.find((row) => row.family === 'corrected AccH (gpt-4.1)');
    expect(corrected?.intervals).toBe(20 * 2 * 3);
    expect(corrected?.coverage).toBeGreaterThan(0);
    expect(corrected?.mc_error).toBeGreaterThan(0);
    expect(json.summary.claims.acch_above.checked).toBe(20 * 2 * 3);

    const other = await run('--seed', '5', '--workers', '1', '--format', 'json');
    expect(other.stdout).not.toBe(first.stdout);
  });

  it('refuses an invalid scenario file with the field at fault, and two scenario sources at once', async () => {
    const bad = sandbox.file('bad.json', JSON.stringify({ ...smallScenario(), primaryExtractor: 'nobody' }));
    const refused = await sandbox.run('simulate', 'coverage', '--scenario', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('primaryExtractor: must name one of the extractors');
    const both = await sandbox.run('simulate', 'coverage', '--scenario', bad, '--paper-scale');
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('give --paper-scale or --scenario, not both');
  });

  it('says what to do when the study has no gold to estimate a scenario from', async () => {
    expect((await sandbox.run('--study', 'empty', 'init')).code).toBe(0);
    const result = await sandbox.run('--study', 'empty', 'simulate', 'coverage', '--replicates', '2');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'error: study "empty" cannot give a scenario (the study needs at least two gold arguments); adjudicate some gold first, or use --paper-scale or --scenario FILE',
    );
  });

  it('estimates the scenario from a study in the database (the demo with annotations)', {
    timeout: 120_000,
  }, async () => {
    expect((await sandbox.run('demo', '--with-annotations')).code).toBe(0);
    const result = await sandbox.run(
      'simulate',
      'coverage',
      '--replicates',
      '2',
      '--bootstrap',
      '20',
      '--format',
      'json',
      '--populations',
      '1',
      '--workers',
      '1',
    );
    expect(result.code, result.stderr).toBe(0);
    const json = JSON.parse(result.stdout) as CoverageJson & {
      scenario: { description: string; models: unknown[]; argumentsPerCell: number; gold: number };
    };
    expect(json.scenario.description).toBe('estimated from study "default"');
    expect(json.scenario.models).toHaveLength(8);
    expect(json.scenario.argumentsPerCell).toBe(30);
    expect(json.scenario.gold).toBe(38);
    expect(json.summary.studies).toBe(2);
    // The study's own design: the check is kept, and the report's appendix states it.
    expect(result.stderr).toContain(
      `kept as coverage check 1 of study "default": the report's appendix shows it`,
    );
    const report = await sandbox.run('report', '--format', 'md', '--replicates', '0');
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('## Appendix: how often do the intervals cover?');
    expect(report.stdout).toContain('from the command line: R = 2 studies from 1 populations, B = 20');
    expect(report.stdout).toContain("It was run at the study's current design.");
    // Another design (--gold) or --no-store keeps nothing.
    for (const option of [['--gold', '24'], ['--no-store']]) {
      const run = await sandbox.run(
        'simulate',
        'coverage',
        '--replicates',
        '1',
        '--bootstrap',
        '0',
        ...option,
        '--workers',
        '1',
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr, option.join(' ')).not.toContain('kept as coverage check');
    }
  });
});
