import { describe, expect, it } from 'vitest';
import { cliSandbox } from './support/cli.ts';

describe('the demo with simulated annotations', () => {
  it('samples, assigns, annotates and adjudicates 50 arguments, and the report scores them', {
    timeout: 60_000,
  }, async () => {
    const sandbox = cliSandbox();
    const loaded = await sandbox.run('demo', '--with-annotations');
    expect(loaded.code, loaded.stderr).toBe(0);
    expect(loaded.stdout).toContain(
      'simulated 100 annotations by alice and bob and 50 gold records on the 50 sampled arguments',
    );
    const status = JSON.parse((await sandbox.run('status', '--json')).stdout);
    expect(status.totals).toMatchObject({ arguments: 720, extractions: 720, annotations: 100, gold: 50 });
    expect(status.sample).toMatchObject({ version: 1, drawn: 50, strata: 24, seed: 7 });

    const result = await sandbox.run('report', '--format', 'json', '--replicates', '200');
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.meta.sample).toMatchObject({ version: 1, drawn: 50, drawn_with_gold: 50 });
    expect(report.agreement.items).toBe(50);
    const micro = report.extractor_vs_gold.rules.micro;
    expect(micro.tp + micro.fn).toBeGreaterThan(0);
    expect(micro.precision.value).toBeGreaterThan(0.8);
    expect(micro.precision.ci.lower).toBeLessThanOrEqual(micro.precision.value);
    expect(Object.keys(report.metrics)).toHaveLength(8);
  });
});
