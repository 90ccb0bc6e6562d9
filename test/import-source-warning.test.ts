import { describe, expect, it } from 'vitest';
import { CLI_ACTOR } from '../server/services/audit/audit.ts';
import { importRecords } from '../server/services/interchange/import/import-records.ts';
import { findArgument } from '../server/store/arguments.ts';
import { openDatabase } from '../server/store/open.ts';
import { findStudy } from '../server/store/studies.ts';
import { buildArgument, buildTriple } from './factories.ts';

/** A study with one triple of each mode and, already stored, an argument by llama-3. */
async function studyWithTriples() {
  const db = await openDatabase(':memory:');
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'triples',
    study: 'default',
    sourceName: 'triples.jsonl',
    values: [buildTriple({ id: 't1' }), buildTriple({ id: 't2', mode: 'reordered' })],
  });
  await importRecords(db, {
    actor: CLI_ACTOR,
    kind: 'arguments',
    study: 'default',
    sourceName: 'first.jsonl',
    values: [buildArgument({ id: 'stored', model: 'llama-3' })],
  });
  return db;
}

describe('importing arguments whose source names the study’s design', () => {
  it('warns once, naming the lines and what they name, and keeps every byte of the source', async () => {
    const db = await studyWithTriples();
    const source = 'OpenAI gpt-4o batch, Test 2 (reordered)';
    const summary = await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: 'default',
      sourceName: 'batch.jsonl',
      values: [
        buildArgument({ id: 'a1', model: 'gpt-4o', test: 2, triple_id: 't2', source }),
        buildArgument({ id: 'a2', model: 'gpt-4o', source: 'synthetic demo' }),
        buildArgument({ id: 'a3', model: 'gpt-4o', source: 'same run as llama-3' }),
      ],
    });
    expect(summary.counts.inserted).toBe(3);
    expect(summary.warnings).toHaveLength(1);
    expect(summary.warnings[0]).toMatch(
      /^2 arguments have a source that names a model or a test of the study/,
    );
    expect(summary.warnings[0]).toContain('line 1: "gpt-4o", "Test 2", "reordered"; line 3: "llama-3"');
    const study = await findStudy(db, 'default');
    expect(study && (await findArgument(db, study.id, 'a1'))?.record.source).toBe(source);
  });

  it('says nothing of a neutral source', async () => {
    const db = await studyWithTriples();
    const summary = await importRecords(db, {
      actor: CLI_ACTOR,
      kind: 'arguments',
      study: 'default',
      sourceName: 'neutral.jsonl',
      values: [buildArgument({ id: 'a1', model: 'gpt-4o', source: 'batch of 2025-03-01' })],
    });
    expect(summary.warnings).toEqual([]);
  });
});
