import { describe, expect, it } from 'vitest';
import { parseLabelledJsonl } from './labelled-argument.ts';

const record = {
  id: 'x1',
  text: 'TSC1 had F4.',
  current: [],
  tsc1: [{ factor: 'F4', style: 'code' }],
  tsc2: [],
  unlisted: [],
  abstained: false,
  exact_phrase: false,
  truncated: false,
  negated: [],
};

describe('parseLabelledJsonl', () => {
  it('reads one record a line, skipping blank lines', () => {
    expect(parseLabelledJsonl(`${JSON.stringify(record)}\n\n`, 'set.jsonl')).toHaveLength(1);
  });

  it('names the file and line of a bad record', () => {
    const negatedAndAsserted = { ...record, negated: [{ case: 'tsc1', factor: 'F4' }] };
    expect(() =>
      parseLabelledJsonl(`${JSON.stringify(record)}\n${JSON.stringify(negatedAndAsserted)}`, 'set.jsonl'),
    ).toThrow(/^set\.jsonl:2: negated\.0 F4 is negated in tsc1 but also asserted there/);
    expect(() => parseLabelledJsonl('{oops', 'set.jsonl')).toThrow(/^set\.jsonl:1: not JSON/);
  });
});
