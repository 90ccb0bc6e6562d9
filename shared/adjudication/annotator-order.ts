import { fnv1a64 } from '../parse/stable-hash.ts';
import { byCodeUnits } from '../sampling/code-unit-order.ts';
import { createRng } from '../stats/rng.ts';

/**
 * The order in which an adjudication item shows its annotators (the first is "A", the second "B"):
 * sorted by name in code-unit order, then shuffled by Fisher–Yates (Knuth, TAOCP vol. 2, 3.4.2,
 * algorithm P) with `createRng` seeded by the first 32 bits of `fnv1a64(seed)`. The adjudication
 * item key is the seed, so one item always shows the same annotator as A, while across items A is
 * either annotator about equally often — the adjudicator cannot learn "A is the careful one".
 *
 * Preconditions: distinct names. Pure. Degenerate input: zero or one annotator → unchanged.
 *
 * @example orderForAdjudication('3f2a…', [{ name: 'alice' }, { name: 'bob' }], (x) => x.name) // [bob, alice] or [alice, bob], always the same for that key
 */
export function orderForAdjudication<T>(seed: string, items: readonly T[], nameOf: (item: T) => string): T[] {
  const ordered = [...items].sort((x, y) => byCodeUnits(nameOf(x), nameOf(y)));
  const rng = createRng(Number.parseInt(fnv1a64(seed).slice(0, 8), 16));
  for (let i = ordered.length - 1; i > 0; i--) {
    const j = rng.nextInt(i + 1);
    const swap = ordered[i] as T;
    ordered[i] = ordered[j] as T;
    ordered[j] = swap;
  }
  return ordered;
}
