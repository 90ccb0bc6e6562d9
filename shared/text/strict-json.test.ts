import { describe, expect, it } from 'vitest';
import { readJson } from './strict-json.ts';

describe('readJson', () => {
  it('reads valid JSON, surrogate pairs included', () => {
    expect(readJson('{"text": "\\ud83d\\ude42", "n": [1, 2]}')).toEqual({
      ok: true,
      value: { text: '🙂', n: [1, 2] },
    });
  });

  it('refuses a syntax error and a lone surrogate escape with a message, not an exception', () => {
    const broken = readJson('{"text": ');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.message).toMatch(/^not valid JSON \(/);
    const lone = readJson('{"judgement": {"comment": "x\\ud800"}}');
    expect(lone).toEqual({
      ok: false,
      message: expect.stringMatching(/^judgement\.comment: the escape \\ud800 is half of a surrogate pair/),
    });
  });
});
