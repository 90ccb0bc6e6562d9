import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { labelConfigXml } from '../shared/label-studio/label-config.ts';
import type { LsTaskOut } from '../shared/label-studio/tasks.ts';
import { cliSandbox } from './support/cli.ts';

const jsonl = (text: string) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('export label-studio / import label-studio on the demo with annotations', () => {
  const demo = cliSandbox();
  let triples = '';
  let argumentsFile = '';

  /** A fresh database holding the demo's triples and arguments, ready for a Label Studio import. */
  async function freshStudy() {
    const fresh = cliSandbox();
    expect((await fresh.run('import', 'triples', triples)).code).toBe(0);
    expect((await fresh.run('import', 'arguments', argumentsFile)).code).toBe(0);
    return fresh;
  }

  beforeAll(async () => {
    const loaded = await demo.run('demo', '--with-annotations');
    expect(loaded.code, loaded.stderr).toBe(0);
    triples = demo.file('triples.jsonl', (await demo.run('export', 'triples')).stdout);
    argumentsFile = demo.file('arguments.jsonl', (await demo.run('export', 'arguments')).stdout);
  }, 120_000);

  it('writes tasks and the labelling configuration beside them', async () => {
    const result = await demo.run('export', 'label-studio', '--out', 'tasks.json');
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(demo.dir, 'tasks.json.config.xml'), 'utf8')).toBe(labelConfigXml());
    const tasks = JSON.parse(readFileSync(join(demo.dir, 'tasks.json'), 'utf8')) as LsTaskOut[];
    expect(tasks).toHaveLength(50);
    const [task] = tasks;
    expect(Object.keys(task?.data ?? {})).toEqual(['text', 'argument_id']);
    expect(task?.annotations.map((annotation) => annotation.completed_by?.email)).toEqual([
      'alice@factor-audit.invalid',
      'bob@factor-audit.invalid',
    ]);
    expect(task?.predictions.map((prediction) => prediction.model_version)).toEqual(['rules']);
    // The rules extractor's evidence shows as regions of the prediction.
    expect(tasks.some((t) => t.predictions[0]?.result.some((item) => item.type === 'labels'))).toBe(true);
    const config = await demo.run('export', 'label-studio', '--config');
    expect(config.stdout).toBe(labelConfigXml());
    const blind = JSON.parse(
      (await demo.run('export', 'label-studio', '--no-predictions')).stdout,
    ) as LsTaskOut[];
    expect(blind.every((t) => t.predictions.length === 0)).toBe(true);
  });

  it('brings the annotations back unchanged: every span, case, factor, polarity, style, flag and tick', async () => {
    const exported = await demo.run('export', 'label-studio', '--out', 'round.json');
    expect(exported.code, exported.stderr).toBe(0);
    const fresh = await freshStudy();
    const imported = await fresh.run('import', 'label-studio', join(demo.dir, 'round.json'));
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('100 annotation(s): 100 new');
    const before = jsonl((await demo.run('export', 'annotations')).stdout);
    const after = jsonl((await fresh.run('export', 'annotations')).stdout);
    expect(after).toEqual(before);
    expect(before.some((record) => (record.spans as unknown[]).length > 0)).toBe(true);
  });

  it('brings the gold back as gold from the ground-truth annotations, skipping tasks without one', async () => {
    const exported = await demo.run('export', 'label-studio', '--out', 'gold.json', '--gold');
    expect(exported.code, exported.stderr).toBe(0);
    const fresh = await freshStudy();
    const imported = await fresh.run('import', 'label-studio', join(demo.dir, 'gold.json'), '--as', 'gold');
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('38 gold record(s)');
    expect(imported.stderr).toContain('none marked ground truth: no gold from it');
    const before = jsonl((await demo.run('export', 'gold')).stdout);
    expect(jsonl((await fresh.run('export', 'gold')).stdout)).toEqual(before);
  });

  it("maps Label Studio's user ids with --annotator, and says how when an id is not mapped", async () => {
    const tasks = JSON.parse((await demo.run('export', 'label-studio', '--no-predictions')).stdout) as {
      annotations: { completed_by?: unknown }[];
    }[];
    // Label Studio's own JSON export names annotators by user id.
    for (const task of tasks)
      task.annotations.forEach((annotation, index) => {
        annotation.completed_by = index + 1;
      });
    const file = join(demo.dir, 'ls-export.json');
    writeFileSync(file, JSON.stringify(tasks));
    const fresh = await freshStudy();
    const refused = await fresh.run('import', 'label-studio', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('map it with --annotator 1=NAME');
    const mapped = await fresh.run(
      'import',
      'label-studio',
      file,
      '--annotator',
      '1=alice',
      '--annotator',
      '2=bob',
    );
    expect(mapped.code, mapped.stderr).toBe(0);
    expect(jsonl((await fresh.run('export', 'annotations')).stdout)).toEqual(
      jsonl((await demo.run('export', 'annotations')).stdout),
    );
  });

  it('refuses a task whose text differs from the stored argument, naming its line', async () => {
    const tasks = JSON.parse(
      (await demo.run('export', 'label-studio', '--no-predictions')).stdout,
    ) as LsTaskOut[];
    const first = tasks[0];
    if (first) first.data.text = `${first.data.text} (edited)`;
    const file = join(demo.dir, 'edited.json');
    writeFileSync(file, JSON.stringify(tasks, null, 2));
    const fresh = await freshStudy();
    const refused = await fresh.run('import', 'label-studio', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/edited\.json:2: task 1: its text is not argument/);
    expect(jsonl((await fresh.run('export', 'annotations')).stdout || '{}\n')).toEqual([{}]);
  });

  it("refuses a region of another type and a region whose text is not at its offsets, with the records' own problems, in one pass", async () => {
    const tasks = JSON.parse(
      (await demo.run('export', 'label-studio', '--no-predictions')).stdout,
    ) as LsTaskOut[];
    const regionOf = (task: LsTaskOut | undefined) =>
      task?.annotations[0]?.result.find((item) => item.type === 'labels');
    const rectangle = regionOf(tasks[0]);
    const moved = regionOf(tasks[1]);
    if (!rectangle || !moved) throw new Error('the demo has no highlighted mentions');
    rectangle.type = 'rectanglelabels';
    moved.value.text = `${moved.value.text ?? ''} and more`;
    // A task for an argument the study does not have: the records' own check, in the same pass.
    const unknown = tasks[2];
    if (unknown) unknown.data.argument_id = 'no-such-argument';
    const file = join(demo.dir, 'types.json');
    writeFileSync(file, JSON.stringify(tasks.slice(0, 3), null, 2));
    const fresh = await freshStudy();
    const refused = await fresh.run('import', 'label-studio', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /types\.json:2: task 1 \(".*"\): result\[\d+\] \(span_\w+\): a "rectanglelabels" result, but the labelling configuration's span_\w+ gives "labels" results/,
    );
    expect(refused.stderr).toMatch(
      /types\.json:\d+: task 2 \(".*"\): result\[\d+\] \(span_\w+\): its text ".*and more" is not the argument's text at \d+–\d+/,
    );
    expect(refused.stderr).toMatch(/types\.json:\d+: argument_id: no argument "no-such-argument"/);
    expect(jsonl((await fresh.run('export', 'annotations')).stdout || '{}\n')).toEqual([{}]);
  });

  it('refuses an export that is not UTF-8, by line and byte', async () => {
    const text = (await demo.run('export', 'label-studio', '--no-predictions')).stdout;
    const bytes = Buffer.from(text);
    const at = bytes.indexOf('"text": "') + 9;
    bytes[at] = 0xc0;
    const file = join(demo.dir, 'latin.json');
    writeFileSync(file, bytes);
    const refused = await (await freshStudy()).run('import', 'label-studio', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      `latin.json:${bytes.subarray(0, at).toString().split('\n').length}: not valid UTF-8 at byte ${at} `,
    );
  });
});
