import { describe, expect, it } from 'vitest';
import { ARGUMENT_TEXT_MAX, argumentSchema } from './argument.ts';

const record = { id: 'a1', triple_id: 't1', model: 'gpt-4.1', test: 1, text: 'The plaintiff should win.' };

describe('argumentSchema', () => {
  it('bounds the text, and says what to do past the bound', () => {
    expect(argumentSchema.safeParse({ ...record, text: 'x'.repeat(ARGUMENT_TEXT_MAX) }).success).toBe(true);
    const tooLong = argumentSchema.safeParse({ ...record, text: 'x'.repeat(ARGUMENT_TEXT_MAX + 1) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe(
      'must be at most 1,000,000 characters (no generated argument is this long: check the file)',
    );
  });

  it('bounds the model, the finish reason and the source', () => {
    for (const field of [
      { model: 'm'.repeat(201) },
      { finish_reason: 's'.repeat(51) },
      { source: 's'.repeat(501) },
    ])
      expect(argumentSchema.safeParse({ ...record, ...field }).success).toBe(false);
    expect(
      argumentSchema.safeParse({
        ...record,
        model: 'm'.repeat(200),
        finish_reason: 'stop',
        source: 's'.repeat(500),
      }).success,
    ).toBe(true);
  });
});
