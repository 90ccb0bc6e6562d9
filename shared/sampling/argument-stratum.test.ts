import { describe, expect, it } from 'vitest';
import { buildArgument } from '../../test/factories.ts';
import { argumentStratum, attributeValue } from './argument-stratum.ts';

describe('argumentStratum', () => {
  it('keys an argument by the chosen attributes, names sorted', () => {
    expect(argumentStratum(buildArgument({ model: 'gpt-4o', test: 2 }), ['test', 'model'], 'reordered')).toBe(
      'model=gpt-4o|test=2',
    );
  });
  it('names the missing values', () => {
    const argument = buildArgument();
    expect(attributeValue(argument, 'finish_reason', undefined)).toBe('unknown');
    expect(attributeValue(argument, 'source', undefined)).toBe('model');
    expect(attributeValue(argument, 'mode', undefined)).toBe('unknown');
    expect(attributeValue(argument, 'mode', 'arguable')).toBe('arguable');
  });
});
