import { describe, expect, it } from 'vitest';
import { DEFAULT_PROMPT_FILES } from '../server/services/llm/prompts.ts';
import { listArguments } from '../server/store/arguments.ts';
import { listExtractions } from '../server/store/extractions.ts';
import { listLlmCalls } from '../server/store/llm-calls.ts';
import { openDatabase } from '../server/store/open.ts';
import { findStudy } from '../server/store/studies.ts';
import { formatScenarioBlock } from '../shared/parse/scenario-block.ts';
import type { Triple } from '../shared/schemas/triple.ts';
import { ABSTENTION_PHRASE } from '../shared/vocabulary.ts';
import {
  extractionAnswer,
  llmSandbox,
  llmServers,
  type RecordedRequest,
  type Reply,
  systemContent,
  userContent,
} from './support/llm-server.ts';

const serve = llmServers();

const TRIPLES: Triple[] = [
  {
    id: 'arg-1',
    mode: 'arguable',
    current: { factors: ['F4', 'F6', 'F10'] },
    tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
    tsc2: { factors: ['F10', 'F16'], outcome: 'defendant' },
  },
  {
    id: 'arg-2',
    mode: 'arguable',
    current: { factors: ['F2', 'F21'] },
    tsc1: { factors: ['F21'], outcome: 'plaintiff' },
    tsc2: { factors: ['F2', 'F24'], outcome: 'defendant' },
  },
  {
    id: 'arg-3',
    mode: 'arguable',
    current: { factors: ['F7', 'F27'] },
    tsc1: { factors: ['F7'], outcome: 'plaintiff' },
    tsc2: { factors: ['F27'], outcome: 'defendant' },
  },
  {
    id: 'non-1',
    mode: 'non_arguable',
    current: { factors: ['F4'] },
    tsc1: { factors: ['F6'], outcome: 'plaintiff' },
    tsc2: { factors: ['F10'], outcome: 'defendant' },
  },
  {
    id: 'non-2',
    mode: 'non_arguable',
    current: { factors: ['F1'] },
    tsc1: { factors: ['F2'], outcome: 'plaintiff' },
    tsc2: { factors: ['F3'], outcome: 'defendant' },
  },
];

/** A model that argues from the scenario it is shown, and abstains on scenarios with "F1" first. */
const arguer = (request: RecordedRequest): Reply => {
  const scenario = userContent(request);
  if (/Input Scenario \n\tF1 /.test(scenario) || /Input Scenario \n\tF4 [^\n]*\n\nTSC 1/.test(scenario))
    return { kind: 'answer', content: ABSTENTION_PHRASE };
  const first = /\t(F\d+ [^\n,]+)/.exec(scenario)?.[1] ?? 'nothing';
  return {
    kind: 'answer',
    content: `Plaintiff's Argument: ${first} is shared with TSC1.\n\`\`\`json\n{"Plaintiff's Argument": "${first}"}\n\`\`\``,
  };
};

async function studyWithTriples() {
  const sandbox = llmSandbox();
  const file = sandbox.file(
    'triples.jsonl',
    `${TRIPLES.map((triple) => JSON.stringify(triple)).join('\n')}\n`,
  );
  const imported = await sandbox.run('import', 'triples', file);
  expect(imported.code, imported.stderr).toBe(0);
  return sandbox;
}

async function stored(sandbox: { db: string }) {
  const db = await openDatabase(sandbox.db);
  try {
    const study = await findStudy(db, 'default');
    if (!study) throw new Error('no study');
    return {
      arguments: await listArguments(db, study.id),
      calls: await listLlmCalls(db, study.id),
      extractions: await listExtractions(db, study.id),
    };
  } finally {
    await db.close();
  }
}

describe('generate arguments', () => {
  it("argues every triple of the test's mode once, with provenance, and a rerun makes no call", async () => {
    const server = await serve({ script: arguer });
    const sandbox = await studyWithTriples();
    const args = [
      'generate',
      'arguments',
      '--model',
      'llama-test',
      '--test',
      '1',
      '--base-url',
      server.baseURL,
    ];
    const result = await sandbox.run(...args);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('triples 3: 0 already argued, 3 to do');
    expect(result.stdout).toContain('generated 3 (0 cut off at --max-tokens), failed 0, calls 3');
    expect(server.requests).toHaveLength(3);

    const request = server.requests.find((each) => userContent(each).includes('F6 Security-measures'));
    expect(request?.body).toMatchObject({ model: 'llama-test', temperature: 0.1, max_tokens: 2000 });
    expect(request?.body.response_format).toBeUndefined();
    expect(userContent(request ?? never())).toBe(formatScenarioBlock(TRIPLES[0] ?? never()));
    expect(systemContent(request ?? never())).toContain(ABSTENTION_PHRASE);
    expect(systemContent(request ?? never())).toContain('F27 Disclosure-in-public-forum (D)');

    const { arguments: generated, calls } = await stored(sandbox);
    expect(generated.map((argument) => argument.record.id).sort()).toEqual([
      'llama-test-test1-arg-1',
      'llama-test-test1-arg-2',
      'llama-test-test1-arg-3',
    ]);
    const first = generated.find((argument) => argument.record.triple_id === 'arg-1');
    expect(first?.record).toMatchObject({ model: 'llama-test', test: 1, finish_reason: 'stop' });
    expect(first?.record.text).toContain('F4 Agreed-not-to-disclose (P) is shared with TSC1');
    expect(first?.record.output_tokens).toBeGreaterThan(0);
    const call = calls.find((each) => each.argumentRowId === first?.rowId);
    expect(call).toMatchObject({
      purpose: 'generate',
      status: 'ok',
      model: 'llama-test',
      endpoint: server.baseURL,
      responseFormat: 'text',
      finishReason: 'stop',
      tripleRowId: first?.tripleRowId,
    });
    expect(call?.outputTokens).toBe(first?.record.output_tokens);
    expect(call?.inputTokens).toBeGreaterThan(0);
    expect(JSON.parse(call?.parameters ?? '{}')).toEqual({ temperature: 0.1, max_tokens: 2000 });

    const again = await sandbox.run(...args);
    expect(again.stdout).toContain('triples 3: 3 already argued, 0 to do');
    expect(server.requests).toHaveLength(3);
  });

  it('argues only the non-arguable triples in test 3', async () => {
    const server = await serve({ script: arguer });
    const sandbox = await studyWithTriples();
    const result = await sandbox.run(
      'generate',
      'arguments',
      '--model',
      'm',
      '--test',
      '3',
      '--base-url',
      server.baseURL,
      '--temperature',
      '0',
      '--max-tokens',
      '50',
    );
    expect(result.code, result.stderr).toBe(0);
    const { arguments: generated } = await stored(sandbox);
    expect(generated.map((argument) => argument.record.id).sort()).toEqual([
      'm-test3-non-1',
      'm-test3-non-2',
    ]);
    expect(generated.every((argument) => argument.record.text === ABSTENTION_PHRASE)).toBe(true);
    expect(server.requests.every((request) => request.body.max_tokens === 50)).toBe(true);
  });

  it('stores a cut-off argument with finish_reason "length"', async () => {
    const server = await serve({
      script: () => ({
        kind: 'answer',
        content: "Plaintiff's Argument: F4 Agreed-not-to",
        finishReason: 'length',
      }),
    });
    const sandbox = await studyWithTriples();
    const result = await sandbox.run(
      'generate',
      'arguments',
      '--model',
      'm',
      '--test',
      '3',
      '--base-url',
      server.baseURL,
    );
    expect(result.stdout).toContain('generated 2 (2 cut off at --max-tokens)');
    expect((await stored(sandbox)).arguments.map((argument) => argument.record.finish_reason)).toEqual([
      'length',
      'length',
    ]);
  });

  it('stores no argument for a triple whose call failed, records the failed call, and retries it on rerun', async () => {
    let healthy = false;
    const server = await serve({
      script: (request) =>
        !healthy && userContent(request).includes('\tF1 ')
          ? { kind: 'error', status: 502, message: 'bad gateway' }
          : arguer(request),
    });
    const sandbox = await studyWithTriples();
    const args = [
      'generate',
      'arguments',
      '--model',
      'm',
      '--test',
      '3',
      '--base-url',
      server.baseURL,
      '--max-retries',
      '1',
      '--retry-base-ms',
      '5',
    ];
    const result = await sandbox.run(...args);
    expect(result.stdout).toContain('generated 1 (0 cut off at --max-tokens), failed 1, calls 3 (1 retries)');
    expect(result.stdout).toContain('failed non-2: HTTP 502 after 2 attempts: bad gateway');
    const first = await stored(sandbox);
    expect(first.arguments.map((argument) => argument.record.id)).toEqual(['m-test3-non-1']);
    expect(first.calls.find((call) => call.status === 'failed')).toMatchObject({
      argumentRowId: null,
      httpStatus: 502,
      attempts: 2,
    });
    healthy = true;
    const again = await sandbox.run(...args);
    expect(again.stdout).toContain('triples 2: 1 already argued, 1 to do');
    expect((await stored(sandbox)).arguments).toHaveLength(2);
  });

  it('fills the placeholders of a --prompt file, and refuses an unknown one before a call', async () => {
    const server = await serve({ script: arguer });
    const sandbox = await studyWithTriples();
    const prompt = sandbox.file(
      'my-prompt.md',
      [
        'A note for readers: {{not_checked}}',
        '<!-- system -->',
        'Argue. If nothing is shared, say "{{abstention_phrase}}".',
        '<!-- user -->',
        'Current:\n{{current}}\nTSC1 ({{tsc1_outcome}}):\n{{tsc1}}\nTSC2 ({{ tsc2_outcome }}):\n{{tsc2}}',
      ].join('\n'),
    );
    const base = ['generate', 'arguments', '--model', 'm', '--test', '3', '--base-url', server.baseURL];
    const result = await sandbox.run(...base, '--prompt', prompt);
    expect(result.code, result.stderr).toBe(0);
    const request = server.requests.find((each) => userContent(each).startsWith('Current:\nF4'));
    expect(request?.body.messages).toEqual([
      { role: 'system', content: `Argue. If nothing is shared, say "${ABSTENTION_PHRASE}".` },
      {
        role: 'user',
        content:
          'Current:\nF4 Agreed-not-to-disclose (P)\nTSC1 (Plaintiff):\nF6 Security-measures (P)\nTSC2 (Defendant):\nF10 Secrets-disclosed-outsiders (D)',
      },
    ]);

    const bad = sandbox.file('bad.md', 'Current: {{current}} and {{tsc_1}}');
    const refused = await sandbox.run(...base.slice(0, 6), '--model', 'other', '--prompt', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('unknown placeholder(s) {{tsc_1}}');
    expect(server.requests).toHaveLength(2);
  });

  it('names a wrong --test', async () => {
    const sandbox = await studyWithTriples();
    const result = await sandbox.run('generate', 'arguments', '--model', 'm', '--test', '4');
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('--test:');
  });

  it('ships default prompts that load', () => {
    expect(DEFAULT_PROMPT_FILES.argument).toMatch(/data\/prompts\/argument\.md$/);
  });
});

describe('generate, then extract, end to end', () => {
  it('extracts the arguments it generated', async () => {
    const server = await serve({
      script: (request) =>
        request.body.response_format || systemContent(request).includes('"Input Case"')
          ? { kind: 'answer', content: extractionAnswer({ current: ['F4'], tsc1: ['F4'] }) }
          : arguer(request),
    });
    const sandbox = await studyWithTriples();
    const generated = await sandbox.run(
      'generate',
      'arguments',
      '--model',
      'g',
      '--test',
      '1',
      '--base-url',
      server.baseURL,
    );
    expect(generated.code, generated.stderr).toBe(0);
    const extracted = await sandbox.run('extract', '--extractor', 'llm', '--base-url', server.baseURL);
    expect(extracted.code, extracted.stderr).toBe(0);
    expect(extracted.stdout).toContain('extracted 3, failed 0');
    const { extractions, calls } = await stored(sandbox);
    expect(extractions.map((extraction) => extraction.argument_id).sort()).toEqual([
      'g-test1-arg-1',
      'g-test1-arg-2',
      'g-test1-arg-3',
    ]);
    expect(calls.filter((call) => call.purpose === 'extract')).toHaveLength(3);
    // The extractor saw the last ```json block of each argument, as in the study.
    const extractionRequests = server.requests.filter((request) => request.body.response_format);
    expect(extractionRequests.every((request) => userContent(request).startsWith('{"Plaintiff'))).toBe(true);
  });
});

function never(): never {
  throw new Error('missing value');
}
