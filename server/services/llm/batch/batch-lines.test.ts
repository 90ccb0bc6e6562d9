import { describe, expect, it } from 'vitest';
import { BATCH_ENDPOINT, batchRequestLine, customIdOf, parseCustomId } from './batch-lines.ts';

describe('customIdOf / parseCustomId', () => {
  it('writes the job, the purpose and the row, and reads them back', () => {
    expect(customIdOf({ jobId: 3, purpose: 'extract', rowId: 120 })).toBe('fa-j3-x120');
    expect(customIdOf({ jobId: 12, purpose: 'generate', rowId: 7 })).toBe('fa-j12-g7');
    expect(parseCustomId('fa-j3-x120')).toEqual({ jobId: 3, purpose: 'extract', rowId: 120 });
    expect(parseCustomId('fa-j12-g7')).toEqual({ jobId: 12, purpose: 'generate', rowId: 7 });
  });

  it('refuses every other text', () => {
    for (const text of [
      '',
      'request-1',
      'fa-j3-y1',
      'fa-j3-x',
      'fa-jx-x1',
      ' fa-j3-x1',
      'fa-j3-x1 ',
      'fa-j3-x1\n',
    ])
      expect(parseCustomId(text)).toBeNull();
    expect(parseCustomId('fa-j3-x99999999999999999999')).toBeNull();
  });
});

describe('batchRequestLine', () => {
  it('is one JSON line in the request input format', () => {
    const line = batchRequestLine('fa-j1-x1', {
      model: 'm',
      messages: [{ role: 'user', content: 'a\nb' }],
      max_tokens: 5,
    });
    expect(line).not.toContain('\n');
    expect(JSON.parse(line)).toEqual({
      custom_id: 'fa-j1-x1',
      method: 'POST',
      url: BATCH_ENDPOINT,
      body: { model: 'm', messages: [{ role: 'user', content: 'a\nb' }], max_tokens: 5 },
    });
  });
});
