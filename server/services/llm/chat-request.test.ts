import { describe, expect, it } from 'vitest';
import { chatCompletionBody, httpErrorText, readCompletion } from './chat-request.ts';

const request = {
  model: 'gpt-4.1',
  messages: [{ role: 'user' as const, content: 'JSON please' }],
  temperature: 0.6,
  maxTokens: 1000,
  jsonSchema: { name: 'x', schema: { type: 'object' } },
};

describe('chatCompletionBody', () => {
  it('sends no response_format in text mode', () => {
    expect(chatCompletionBody(request, 'text')).toEqual({
      model: 'gpt-4.1',
      messages: request.messages,
      temperature: 0.6,
      max_tokens: 1000,
    });
  });

  it('asks for JSON mode, or for the strict schema', () => {
    expect(chatCompletionBody(request, 'json_object').response_format).toEqual({ type: 'json_object' });
    expect(chatCompletionBody(request, 'json_schema').response_format).toEqual({
      type: 'json_schema',
      json_schema: { name: 'x', strict: true, schema: { type: 'object' } },
    });
  });

  it('refuses json_schema mode without a schema', () => {
    expect(() => chatCompletionBody({ ...request, jsonSchema: undefined }, 'json_schema')).toThrow(
      /needs a schema/,
    );
  });
});

describe('readCompletion', () => {
  it('reads content, finish reason and tokens, and keeps the body as raw JSON', () => {
    const body = {
      choices: [{ message: { content: 'hi' }, finish_reason: 'length' }],
      usage: { prompt_tokens: 3, completion_tokens: 1 },
    };
    expect(readCompletion(body)).toEqual({
      ok: true,
      content: 'hi',
      finishReason: 'length',
      inputTokens: 3,
      outputTokens: 1,
      raw: JSON.stringify(body),
    });
  });

  it('reads a null content as empty and missing usage as unknown', () => {
    expect(readCompletion({ choices: [{ message: { content: null } }] })).toMatchObject({
      ok: true,
      content: '',
      finishReason: null,
      inputTokens: null,
    });
  });

  it('names what is wrong with a body that is not a completion', () => {
    expect(readCompletion({ choices: [] })).toEqual({
      ok: false,
      message: 'the body is not a chat completion (choices: has no choices)',
    });
    expect(readCompletion('text')).toEqual({ ok: false, message: 'the body is not JSON' });
  });
});

describe('httpErrorText', () => {
  it('says the attempts only when there were several', () => {
    expect(httpErrorText(401, 'bad key')).toBe('HTTP 401: bad key');
    expect(httpErrorText(500, 'overloaded', 7)).toBe('HTTP 500 after 7 attempts: overloaded');
  });
});
