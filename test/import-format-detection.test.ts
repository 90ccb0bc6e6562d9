import { describe, expect, it } from 'vitest';
import { buildArgument, buildTriple } from './factories.ts';
import { cliSandbox } from './support/cli.ts';

/** The line numbers a failed import reports as FILE:LINE, in order. */
function reportedLines(stderr: string, file: string): string[] {
  return stderr
    .split('\n')
    .filter((line) => line.startsWith(`${file}:`))
    .map((line) => line.slice(file.length + 1).split(':')[0] ?? '');
}

describe('import tells JSONL by its first line, read whole', () => {
  it('imports a JSONL file whose first record is longer than 64 kB', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const triples = sandbox.file('triples.jsonl', `${JSON.stringify(buildTriple({ id: 't1' }))}\n`);
    expect((await sandbox.run('import', 'triples', triples)).code).toBe(0);
    const long = buildArgument({ id: 'a-long', triple_id: 't1', text: `F4. ${'word '.repeat(20_000)}` });
    expect(JSON.stringify(long).length).toBeGreaterThan(64 * 1024);
    const file = sandbox.file(
      'arguments.jsonl',
      `${JSON.stringify(long)}\n${JSON.stringify(buildArgument({ id: 'a-short', triple_id: 't1' }))}\n`,
    );
    const result = await sandbox.run('import', 'arguments', file);
    expect(result.stderr).not.toContain('JSON document');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/2 record/);
  });

  it('reports every bad line as FILE:LINE when line 1 is not valid JSON, and imports nothing', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const lines = Array.from({ length: 6 }, (_, index) =>
      JSON.stringify(buildTriple({ id: `t${index + 1}` })),
    );
    lines[0] = '{"id": "t1", "mode": arguable}';
    lines[2] = JSON.stringify({ ...buildTriple({ id: 't3' }), mode: 'hard' });
    lines[4] = '{"id": "t5", "mode": "arguable", "current": {"factors": ["F4"]}';
    const file = sandbox.file('triples.jsonl', `${lines.join('\n')}\n`);
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    expect(result.stderr).not.toContain('JSON document');
    expect(reportedLines(result.stderr, file)).toEqual(['1', '3', '5']);
    expect(result.stderr).toContain('nothing was imported');
  });

  it('still refuses a JSON document spread over lines as not JSONL, naming what it looks like', async () => {
    const sandbox = cliSandbox();
    await sandbox.run('init');
    const file = sandbox.file('triples.json', `${JSON.stringify({ triples: [buildTriple()] }, null, 2)}\n`);
    const result = await sandbox.run('import', 'triples', file);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('looks like a JSON document');
  });
});
