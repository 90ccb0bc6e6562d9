import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byCodeUnits } from './code-unit-order.ts';

describe('byCodeUnits', () => {
  it('orders capitals before lower case, as UTF-16 code units do', () => {
    expect(['b', 'B', 'a', 'a10', 'a2'].sort(byCodeUnits)).toEqual(['B', 'a', 'a10', 'a2', 'b']);
  });

  it('is 0 for equal strings', () => {
    expect(byCodeUnits('gpt-4o', 'gpt-4o')).toBe(0);
  });

  it('agrees with the default sort for all strings', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (texts) => {
        expect([...texts].sort(byCodeUnits)).toEqual([...texts].sort());
      }),
    );
  });
});
