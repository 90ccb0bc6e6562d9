import { describe, expect, it } from 'vitest';
import { outcomeOfBatchLine, readBatchOutputLine } from './batch-output.ts';

const completion = {
  id: 'chatcmpl-1',
  object: 'chat.completion',
  choices: [
    { index: 0, message: { role: 'assistant', content: '{"Input Case": []}' }, finish_reason: 'stop' },
  ],
  usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 },
};

function line(value: unknown): string {
  return JSON.stringify(value);
}

describe('readBatchOutputLine', () => {
  it('reads a line whose request ran', () => {
    const reading = readBatchOutputLine(
      line({
        id: 'r1',
        custom_id: 'fa-j1-x1',
        response: { status_code: 200, request_id: 'q', body: completion },
        error: null,
      }),
    );
    expect(reading).toEqual({
      ok: true,
      customId: 'fa-j1-x1',
      result: { kind: 'ran', statusCode: 200, body: completion },
    });
  });

  it('reads a request that never ran, with its code and message', () => {
    const reading = readBatchOutputLine(
      line({
        id: 'r2',
        custom_id: 'fa-j1-x2',
        response: null,
        error: {
          code: 'batch_expired',
          message: 'This request could not be executed before the completion window expired.',
        },
      }),
    );
    expect(reading).toEqual({
      ok: true,
      customId: 'fa-j1-x2',
      result: {
        kind: 'not_run',
        reason: 'batch_expired: This request could not be executed before the completion window expired.',
      },
    });
  });

  it('refuses what is not JSON, not the format, or says nothing', () => {
    expect(readBatchOutputLine('{"custom_id": "x", "resp')).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not JSON/),
    });
    expect(readBatchOutputLine(line({ id: 'r', response: null }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^not a batch output line \(custom_id: /),
    });
    expect(readBatchOutputLine(line({ custom_id: 'x', response: null, error: null }))).toEqual({
      ok: false,
      error: 'line for x has neither a response nor an error',
    });
  });
});

describe('outcomeOfBatchLine', () => {
  it('gives the completion as an answer of one attempt, with no latency', () => {
    expect(outcomeOfBatchLine({ kind: 'ran', statusCode: 200, body: completion }, 'json_schema')).toEqual({
      ok: true,
      content: '{"Input Case": []}',
      finishReason: 'stop',
      inputTokens: 12,
      outputTokens: 5,
      latencyMs: null,
      attempts: 1,
      attemptLog: [],
      responseFormat: 'json_schema',
      rawResponse: JSON.stringify(completion),
    });
  });

  it('words a refusal as the synchronous client does', () => {
    const outcome = outcomeOfBatchLine(
      { kind: 'ran', statusCode: 401, body: { error: { message: 'bad key', type: 'x', code: null } } },
      'text',
    );
    expect(outcome).toMatchObject({ ok: false, error: 'HTTP 401: bad key', httpStatus: 401 });
    expect(outcomeOfBatchLine({ kind: 'ran', statusCode: 500, body: 'oops' }, 'text')).toMatchObject({
      ok: false,
      error: 'HTTP 500: status 500',
    });
  });

  it('calls a 200 without choices a malformed response', () => {
    expect(outcomeOfBatchLine({ kind: 'ran', statusCode: 200, body: { choices: [] } }, 'text')).toMatchObject(
      {
        ok: false,
        error: 'malformed response: the body is not a chat completion (choices: has no choices)',
        httpStatus: null,
      },
    );
  });
});
