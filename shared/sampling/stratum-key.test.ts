import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseStratumKey, stratumKey } from './stratum-key.ts';

describe('stratumKey', () => {
  it('builds model=gpt-4o|test=1 with the names sorted, whatever order they were written in', () => {
    expect(stratumKey({ model: 'gpt-4o', test: 1 })).toBe('model=gpt-4o|test=1');
    expect(stratumKey({ test: 1, model: 'gpt-4o' })).toBe('model=gpt-4o|test=1');
  });

  it('gives the empty key for no attributes', () => {
    expect(stratumKey({})).toBe('');
  });

  it('escapes the separators so that odd values keep their meaning', () => {
    expect(stratumKey({ model: 'a|b=c%' })).toBe('model=a%7Cb%3Dc%25');
  });

  it('does not depend on the order of the attributes', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.string()), (attributes) => {
        const reversed = Object.fromEntries(Object.entries(attributes).reverse());
        expect(stratumKey(reversed)).toBe(stratumKey(attributes));
      }),
    );
  });

  it.each([
    [{ '': 'x' }, RangeError],
    [{ test: Number.NaN }, RangeError],
    [{ test: Number.POSITIVE_INFINITY }, RangeError],
  ])('throws for %o', (attributes, error) => {
    expect(() => stratumKey(attributes)).toThrow(error);
  });

  it('throws a TypeError for a value that is neither string nor number', () => {
    expect(() => stratumKey(JSON.parse('{"model": null}'))).toThrow(TypeError);
  });
});

describe('parseStratumKey', () => {
  it('reads model=gpt-4o|test=1 back, values as strings', () => {
    expect(parseStratumKey('model=gpt-4o|test=1')).toEqual({ model: 'gpt-4o', test: '1' });
  });

  it('reads the empty key as no attributes', () => {
    expect(parseStratumKey('')).toEqual({});
  });

  it('round-trips all attributes of strings, separators and "%" included', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.string({ minLength: 1 }), fc.string(), { noNullPrototype: true }),
        (attributes) => {
          expect(parseStratumKey(stratumKey(attributes))).toEqual(attributes);
        },
      ),
    );
  });

  it('keeps a "__proto__" attribute as data', () => {
    const parsed = parseStratumKey('__proto__=x');
    expect(Object.keys(parsed)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  it.each(['model', '=x', 'a=1|a=2', 'a=%41', 'a=1%'])(
    'throws a RangeError for the malformed key %s',
    (key) => {
      expect(() => parseStratumKey(key)).toThrow(RangeError);
    },
  );
});
