import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { StudyOverview } from '../shared/api.ts';
import { buildAnnotation, buildArgument, buildTriple, toJsonl } from './factories.ts';
import { cliSandbox } from './support/cli.ts';

const fixture = (name: string) => fileURLToPath(new URL(`./fixtures/import/${name}`, import.meta.url));

async function overview(sandbox: ReturnType<typeof cliSandbox>): Promise<StudyOverview> {
  const result = await sandbox.run('status', '--json');
  expect(result.code, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as StudyOverview;
}

describe('cli init', () => {
  it('creates the database and the study, and says so once', async () => {
    const sandbox = cliSandbox();
    const first = await sandbox.run('init', '--study', 'pilot');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('created study "pilot"');
    expect((await sandbox.run('init', '--study', 'pilot')).stdout).toContain('already exists');
  });

  it('refuses read commands on a database that does not exist', async () => {
    const result = await cliSandbox().run('status');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/create it with: npm run -s cli -- init/);
  });
});

describe('cli import triples', () => {
  it("imports the study's scenario CSV with the right factor sets and outcomes", async () => {
    const sandbox = cliSandbox();
    const result = await sandbox.run('import', 'triples', fixture('reordered_factor_2_sample.csv'));
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('2 new');
    expect((await overview(sandbox)).triplesByMode).toEqual({ arguable: 0, reordered: 2, non_arguable: 0 });
    const exported = (await sandbox.run('export', 'triples')).stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(exported[0]).toEqual({
      id: 'reordered_factor_2_sample-1',
      mode: 'reordered',
      current: { factors: ['F14', 'F23', 'F24'] },
      tsc1: { factors: ['F2', 'F14', 'F23'], outcome: 'defendant' },
      tsc2: { factors: ['F6', 'F14', 'F23', 'F24'], outcome: 'plaintiff' },
    });
    expect(exported[1].tsc1).toEqual({ factors: ['F5', 'F8', 'F11', 'F18'], outcome: 'defendant' });
  });

  it('asks for --mode when a CSV file name does not say it', async () => {
    const sandbox = cliSandbox();
    const csv = sandbox.file('scenarios.csv', readFileSync(fixture('reordered_factor_2_sample.csv'), 'utf8'));
    const refused = await sandbox.run('import', 'triples', csv);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('pass --mode');
    expect((await sandbox.run('import', 'triples', csv, '--mode', 'arguable')).code).toBe(0);
    expect((await overview(sandbox)).triplesByMode.arguable).toBe(2);
  });

  it('reports every bad line of a JSONL file, exits 1 and writes nothing', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const before = statSync(sandbox.db).size;
    const lines = Array.from({ length: 8 }, (_, index) =>
      JSON.stringify(buildTriple({ id: `t${index + 1}` })),
    );
    lines[1] = JSON.stringify({ ...buildTriple({ id: 't2' }), mode: 'hard' });
    lines[6] = '{"id": "t7", "mode": "arguable", "current": {"factors": ["F30"]}';
    const file = sandbox.file('triples.jsonl', `${lines.join('\n')}\n`);
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    const reported = result.stderr.split('\n').filter((line) => line.startsWith(`${file}:`));
    expect(reported.map((line) => line.slice(file.length + 1).split(':')[0])).toEqual(['2', '7']);
    expect(reported[0]).toContain('mode:');
    expect(reported[1]).toContain('not valid JSON');
    expect(result.stderr).toContain('nothing was imported');
    expect((await overview(sandbox)).totals.triples).toBe(0);
    expect(statSync(sandbox.db).size).toBe(before);
  });

  it('treats re-importing identical records as a no-op', async () => {
    const sandbox = cliSandbox();
    const file = sandbox.file(
      'triples.jsonl',
      toJsonl([buildTriple({ id: 't1' }), buildTriple({ id: 't2' })]),
    );
    expect((await sandbox.run('import', 'triples', file)).stdout).toContain('2 new, 0 replaced, 0 unchanged');
    const again = await sandbox.run('import', 'triples', file);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('0 new, 0 replaced, 2 unchanged (nothing to write)');
  });

  it('refuses a changed record with an existing id unless --replace', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('a.jsonl', toJsonl([buildTriple()])));
    const changed = sandbox.file(
      'b.jsonl',
      toJsonl([buildTriple({ tsc1: { factors: ['F4'], outcome: 'plaintiff' } })]),
    );
    const refused = await sandbox.run('import', 'triples', changed);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `${changed}:1: triple "t1" already exists in study "default" with different content; pass --replace`,
    );
    const replaced = await sandbox.run('import', 'triples', changed, '--replace');
    expect(replaced.stdout).toContain('0 new, 1 replaced');
    expect(JSON.parse((await sandbox.run('export', 'triples')).stdout).tsc1.factors).toEqual(['F4']);
  });

  it('refuses the same id twice in one file with different content, naming both lines', async () => {
    const sandbox = cliSandbox();
    const file = sandbox.file('dup.jsonl', toJsonl([buildTriple(), buildTriple({ mode: 'reordered' })]));
    const result = await sandbox.run('import', 'triples', file);
    expect(result.stderr).toContain(
      `${file}:2: triple "t1" appears again with different content (first on line 1)`,
    );
  });
});

describe('cli import arguments', () => {
  it('refuses arguments whose triple is missing or of the wrong mode', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    const file = sandbox.file(
      'a.jsonl',
      toJsonl([
        buildArgument(),
        buildArgument({ id: 'a2', triple_id: 'nope' }),
        buildArgument({ id: 'a3', test: 3 }),
      ]),
    );
    const result = await sandbox.run('import', 'arguments', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      `${file}:2: triple_id: no triple "nope" in study "default"; import the triples first`,
    );
    expect(result.stderr).toContain(
      `${file}:3: test: test 3 needs a non_arguable triple, but "t1" is arguable`,
    );
    expect((await overview(sandbox)).totals.arguments).toBe(0);
  });
});

describe('cli import: every bad record in one pass', () => {
  it('reports a bad JSON line, an unknown field, an unknown triple and a test of the wrong mode at once', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    const file = sandbox.file(
      'a.jsonl',
      [
        JSON.stringify(buildArgument()),
        '{"id": "a2", "triple_id": ',
        JSON.stringify({ ...buildArgument({ id: 'a3' }), colour: 'red' }),
        JSON.stringify(buildArgument({ id: 'a4', triple_id: 'nope' })),
        JSON.stringify(buildArgument({ id: 'a5', test: 3 })),
      ].join('\n'),
    );
    const result = await sandbox.run('import', 'arguments', file);
    expect(result.code).toBe(1);
    const reported = result.stderr.split('\n').filter((line) => line.startsWith(`${file}:`));
    expect(reported.map((line) => line.slice(file.length + 1).split(':')[0])).toEqual(['2', '3', '4', '5']);
    expect(reported[0]).toContain('not valid JSON');
    expect(reported[1]).toContain('unknown field(s) "colour"');
    expect(reported[2]).toContain('no triple "nope"');
    expect(reported[3]).toContain('test 3 needs a non_arguable triple');
    expect(result.stderr).toContain('4 bad records; nothing was imported');
    expect((await overview(sandbox)).totals.arguments).toBe(0);
  });
});

describe('cli import reported: every bad figure in one pass', () => {
  it('reports a figure out of range and a figure that conflicts with a stored one at once', async () => {
    const sandbox = cliSandbox();
    const figure = (model: string, value: number) => ({ model, test: 1, metric: 'acch', value });
    const document = (values: unknown[]) => `${JSON.stringify({ source: 'Table 2', values }, null, 2)}\n`;
    const first = await sandbox.run(
      'import',
      'reported',
      sandbox.file('r1.json', document([figure('gpt-4o', 0.9)])),
    );
    expect(first.code, first.stderr).toBe(0);
    const file = sandbox.file('r2.json', document([figure('gpt-4o', 0.8), figure('llama', 91)]));
    const result = await sandbox.run('import', 'reported', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/r2\.json:\d+: reported acch of gpt-4o, test 1 \(Table 2\) already exists/);
    expect(result.stderr).toMatch(/r2\.json:\d+: values\[1\]\.value: is a proportion: at most 1/);
    expect(result.stderr).toContain('2 bad records');
  });
});

describe('cli import: text that is not UTF-8, or not Unicode', () => {
  it('refuses invalid UTF-8 by line and byte, with every other bad line, and writes nothing', async () => {
    const sandbox = cliSandbox();
    const good = Buffer.from(`${JSON.stringify(buildTriple({ id: 'ok' }))}\n`);
    // A Latin-1 "é" (E9), which is not UTF-8, in the second line's id.
    const bad = Buffer.from(`${JSON.stringify(buildTriple({ id: 'cafX' }))}\n`);
    const at = bad.indexOf('X');
    bad[at] = 0xe9;
    const file = join(sandbox.dir, 'latin1.jsonl');
    writeFileSync(file, Buffer.concat([good, bad, Buffer.from('{"id": 3}\n')]));
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:2: not valid UTF-8 at byte ${good.length + at} `);
    expect(result.stderr).toContain(`${file}:3: id: `);
    expect(result.stderr).toContain('2 bad records; nothing was imported');
    expect(result.stderr).not.toContain('\uFFFD');
    // Nothing was written: not even the study the import would have created.
    expect((await sandbox.run('status')).stderr).toContain('Study "default"');
  });

  it('refuses a lone surrogate escape in a text, naming the field', async () => {
    const sandbox = cliSandbox();
    const file = sandbox.file(
      'lone.jsonl',
      `${JSON.stringify(buildTriple()).replace('"t1"', '"t1\\ud800"')}\n`,
    );
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${file}:1: id: the escape \\ud800 is half of a surrogate pair`);
  });

  it('refuses invalid UTF-8 in a whole document (a scenario CSV), naming only the lines that are not UTF-8', async () => {
    const sandbox = cliSandbox();
    const csv = readFileSync(fixture('reordered_factor_2_sample.csv'));
    const file = join(sandbox.dir, 'reordered_latin1.csv');
    const at = csv.indexOf('Scenario', 20) + 2;
    writeFileSync(file, Buffer.concat([csv.subarray(0, at), Buffer.from([0xff]), csv.subarray(at)]));
    const line = csv.subarray(0, at).toString().split('\n').length;
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `${file}:${line}: not valid UTF-8 at byte ${at} (counted from 0, from the start of the file); save the file as UTF-8 and import it again\n` +
        `error: ${file}: 1 bad record; nothing was imported. Fix them and import again.\n`,
    );
  });
});

describe('cli import of a file of the wrong kind', () => {
  it('says what kind the file looks like, in one sentence', async () => {
    const sandbox = cliSandbox();
    const csv = await sandbox.run('import', 'arguments', fixture('reordered_factor_2_sample.csv'));
    expect(csv.code).toBe(1);
    expect(csv.stderr).toContain(
      "looks like a triples file (it is the study's scenario CSV), not an arguments file",
    );
    const file = sandbox.file('a.jsonl', toJsonl([buildArgument(), buildArgument({ id: 'a2' })]));
    const asTriples = await sandbox.run('import', 'triples', file);
    expect(asTriples.code).toBe(1);
    expect(asTriples.stderr).toBe(
      `error: ${file} looks like an arguments file (its first record, on line 1, is one), not a triples file; import it as arguments instead (npm run -s cli -- import arguments FILE, or choose the kind "arguments" on the Data screen). Nothing was imported.\n`,
    );
    const annotations = sandbox.file('n.jsonl', toJsonl([buildAnnotation()]));
    expect((await sandbox.run('import', 'gold', annotations)).stderr).toContain(
      'looks like an annotations file',
    );
  });

  it('lists the schema problems of a file that is no kind at all', async () => {
    const sandbox = cliSandbox();
    const file = sandbox.file('x.jsonl', toJsonl([{ name: 'nothing we know' }]));
    const result = await sandbox.run('import', 'triples', file);
    expect(result.stderr).toContain(`${file}:1: `);
    expect(result.stderr).not.toContain('looks like');
  });
  it('names an unknown kind', async () => {
    const result = await cliSandbox().run('import', 'factors', 'x.jsonl');
    expect(result.stderr).toContain('cannot import "factors"');
  });
});

describe('cli import of a large file', () => {
  it('streams a 100,000-line JSONL file into one import', { timeout: 120_000 }, async () => {
    const sandbox = cliSandbox();
    const line = (index: number) => JSON.stringify(buildTriple({ id: `t${index}` }));
    const file = sandbox.file(
      'big.jsonl',
      `${Array.from({ length: 100_000 }, (_, index) => line(index)).join('\n')}\n`,
    );
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('100000 new');
    expect((await overview(sandbox)).totals.triples).toBe(100_000);
  });
});
