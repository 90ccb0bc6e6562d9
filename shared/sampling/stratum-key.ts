import { byCodeUnits } from './code-unit-order.ts';

/**
 * A stable text key for a stratum described by named attributes — in this project a model and a
 * test, so that every (model × test) cell of the study is one stratum:
 *
 *   stratumKey({ test: 1, model: 'gpt-4o' }) === 'model=gpt-4o|test=1'
 *
 * Rule: attribute names are sorted by UTF-16 code units (JavaScript's default `<` order, which does
 * not depend on the locale, so every machine builds the same key), each attribute is written
 * `name=value`, and the pairs are joined with `|`. The key therefore does not depend on the order
 * in which the caller wrote the attributes. Numbers are written with `String(value)` (`1`, `0.5`).
 * The three characters the format uses are escaped in names and values — `%` as `%25`, `|` as
 * `%7C`, `=` as `%3D` — so every attribute text round-trips through `parseStratumKey`; text without
 * them (the usual case) appears unchanged.
 *
 * Preconditions: every name is a non-empty string and every value a string or a finite number;
 * otherwise throws (TypeError for a wrong type, RangeError for an empty name or a non-finite
 * number).
 * Degenerate input: no attributes gives the empty key `''` (one stratum holding everything).
 *
 * @example stratumKey({ test: 3, model: 'llama-3.1' }) // 'model=llama-3.1|test=3'
 */
export function stratumKey(attributes: Readonly<Record<string, string | number>>): string {
  if (typeof attributes !== 'object' || attributes === null) {
    throw new TypeError('stratumKey: attributes must be an object of name → value');
  }
  const names = Object.keys(attributes).sort(byCodeUnits);
  return names
    .map((name) => {
      if (name === '') throw new RangeError('stratumKey: attribute names must not be empty');
      const value = attributes[name];
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) {
          throw new RangeError(
            `stratumKey: attribute ${name} must be a finite number (got ${String(value)})`,
          );
        }
      } else if (typeof value !== 'string') {
        throw new TypeError(
          `stratumKey: attribute ${name} must be a string or a number (got ${typeof value})`,
        );
      }
      return `${escapePart(name)}=${escapePart(String(value))}`;
    })
    .join('|');
}

/**
 * The attributes of a key built by `stratumKey`, every value as a string (a key does not record
 * whether a value was a number: `Number(parseStratumKey(key).test)` gives the test back).
 *
 * Rule: split on `|`, split each pair at its `=`, undo the escapes `%25`, `%7C`, `%3D`. For every
 * attribute record `a` of strings, `parseStratumKey(stratumKey(a))` equals `a`.
 *
 * Preconditions: `key` was built by `stratumKey`. A pair without `=`, an empty name, a repeated
 * name or a `%` that does not start one of the three escapes throws a RangeError.
 * Degenerate input: the empty key `''` gives `{}`.
 *
 * @example parseStratumKey('model=gpt-4o|test=1') // { model: 'gpt-4o', test: '1' }
 */
export function parseStratumKey(key: string): Record<string, string> {
  if (typeof key !== 'string') throw new TypeError('parseStratumKey: key must be a string');
  if (key === '') return {};
  const entries: Array<[string, string]> = [];
  const seen = new Set<string>();
  for (const pair of key.split('|')) {
    const equals = pair.indexOf('=');
    if (equals < 0) throw new RangeError(`parseStratumKey: "${pair}" in "${key}" has no "="`);
    const name = unescapePart(pair.slice(0, equals), key);
    const value = unescapePart(pair.slice(equals + 1), key);
    if (name === '') throw new RangeError(`parseStratumKey: "${key}" has an attribute without a name`);
    if (seen.has(name)) throw new RangeError(`parseStratumKey: "${key}" names attribute ${name} twice`);
    seen.add(name);
    entries.push([name, value]);
  }
  // Object.fromEntries defines own properties, so even a name such as "__proto__" stays data.
  return Object.fromEntries(entries);
}

function escapePart(text: string): string {
  return text.replaceAll('%', '%25').replaceAll('|', '%7C').replaceAll('=', '%3D');
}

function unescapePart(text: string, key: string): string {
  return text.replace(/%(?:25|7C|3D)?/g, (sequence) => {
    if (sequence === '%25') return '%';
    if (sequence === '%7C') return '|';
    if (sequence === '%3D') return '=';
    throw new RangeError(`parseStratumKey: "${key}" has a "%" that is not one of the escapes %25, %7C, %3D`);
  });
}
