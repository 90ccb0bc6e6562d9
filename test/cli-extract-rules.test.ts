import { describe, expect, it } from 'vitest';
import { buildArgument, buildTriple, toJsonl } from './factories.ts';
import { cliSandbox } from './support/cli.ts';

describe('cli extract --extractor rules', () => {
  it('extracts every argument, once: a rerun with the same lexicon does nothing', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    const text =
      "Plaintiff's argument: F4 Agreed-not-to-disclose (P) was present in both the input case and TSC1. F16 is not present in TSC1.";
    await sandbox.run('import', 'arguments', sandbox.file('a.jsonl', toJsonl([buildArgument({ text })])));
    const first = await sandbox.run('extract', '--extractor', 'rules');
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain('extracted 1, failed 0');
    const [record] = (await sandbox.run('export', 'extractions', '--extractor', 'rules')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(record).toMatchObject({
      extractor: 'rules',
      status: 'extracted',
      current: ['F4'],
      tsc1: ['F4'],
      tsc2: [],
    });
    const again = await sandbox.run('extract', '--extractor', 'rules');
    expect(again.stdout).toContain('1 already extracted with these parameters, 0 to do');
  });

  it('stores the evidence spans, which survive export → import → export unchanged', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    const text = 'TSC1 involved F13, which is missing from the input case.';
    await sandbox.run('import', 'arguments', sandbox.file('a.jsonl', toJsonl([buildArgument({ text })])));
    expect((await sandbox.run('extract', '--extractor', 'rules')).code).toBe(0);
    const first = (await sandbox.run('export', 'extractions', '--extractor', 'rules')).stdout;
    const [record] = first
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const at = text.indexOf('F13');
    expect(record.mentions).toEqual([
      {
        start: at,
        end: at + 3,
        case: 'tsc1',
        factor: 'F13',
        style: 'code',
        polarity: 'asserted',
        rules: ['find.code', 'case.own-case-words'],
      },
      {
        start: at,
        end: at + 3,
        case: 'current',
        factor: 'F13',
        style: 'code',
        polarity: 'negated',
        rules: ['find.code', 'comparison.absent-from'],
      },
    ]);
    const reimported = await sandbox.run('import', 'extractions', sandbox.file('e.jsonl', first));
    expect(reimported.code, reimported.stderr).toBe(0);
    expect(reimported.stdout).toMatch(/ 0 new, 0 replaced, 1 unchanged/);
    expect((await sandbox.run('export', 'extractions', '--extractor', 'rules')).stdout).toBe(first);
  });

  it('explains one argument with --explain: every mention, its words and its rules; nothing stored', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    const text = 'F15 Unique-product (P) is present in the current case but not in TSC2.';
    const argument = buildArgument({ text });
    await sandbox.run('import', 'arguments', sandbox.file('a.jsonl', toJsonl([argument])));
    const explained = await sandbox.run('extract', '--extractor', 'rules', '--explain', argument.id);
    expect(explained.code, explained.stderr).toBe(0);
    expect(explained.stdout).toContain(`argument ${argument.id}`);
    expect(explained.stdout).toContain('current case: F15   TSC1: —   TSC2: —');
    expect(explained.stdout).toContain('F15 Unique-product (P) — TSC2: negated');
    expect(explained.stdout).toContain(
      '[F15 Unique-product (P)] is present in the current case but not in TSC2.',
    );
    expect(explained.stdout).toContain('find.code → comparison.but-not-in');
    expect(explained.stdout).toMatch(/comparison\.but-not-in: A contrast that names a case and negates/);
    const stored = await sandbox.run('export', 'extractions', '--extractor', 'rules');
    expect(stored.stdout.trim()).toBe('');
    const missing = await sandbox.run('extract', '--extractor', 'rules', '--explain', 'no-such-id');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Argument "no-such-id"');
  });

  it('names a lexicon it cannot use', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const bad = sandbox.file('lexicon.json', '{"version": 1}');
    const result = await sandbox.run('extract', '--extractor', 'rules', '--lexicon', bad);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`The lexicon ${bad} is not valid`);
  });
});
