import { byCodeUnits } from '../sampling/code-unit-order.ts';

/**
 * Models ranked best first by a metric where higher is better (AccH, RecU, and the abstention ratio
 * on Test 3, where abstaining is the right answer). Models without a value (`null`) are left out —
 * a ranking only orders what was measured. Ties keep the models in name order (UTF-16 code units),
 * so the list is deterministic; `kendallTauB` on the values, not this list, decides how ties count.
 *
 * Preconditions: finite numbers or `null`. Never throws.
 * Degenerate input: no model with a value gives `[]`.
 *
 * @example rankModels({ b: 0.9, a: 0.95, c: null, d: 0.9 }) // ['a', 'b', 'd']
 */
export function rankModels(values: Readonly<Record<string, number | null>>): string[] {
  return Object.entries(values)
    .filter((entry): entry is [string, number] => entry[1] !== null)
    .sort((x, y) => y[1] - x[1] || byCodeUnits(x[0], y[0]))
    .map(([model]) => model);
}
