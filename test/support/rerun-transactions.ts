import type { Db } from '../../server/store/db.ts';

/** The first try's end: thrown by its body's wrapper to roll it back. */
const FIRST_TRY = Symbol('first try');

/**
 * The database `db` as PostgreSQL treats a transaction that lost to a concurrent one
 * (docs/decisions/022): every outermost transaction runs its body once, rolls it back, and runs the
 * body again, whole, to commit. A body that changes memory outside itself (a counter, a generator's
 * state) gives another result on the second run; a re-runnable one gives the same. Nested
 * transactions (savepoints) pass through. Works on both engines.
 */
export function rerunningTransactions(db: Db): { db: Db; reruns: () => number } {
  let reruns = 0;
  const transaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    if (db.inTransaction) return await db.transaction(fn);
    try {
      await db.transaction(async () => {
        await fn();
        throw FIRST_TRY;
      });
    } catch (error) {
      if (error !== FIRST_TRY) throw error;
    }
    reruns += 1;
    return await db.transaction(fn);
  };
  const wrapped = new Proxy(db, {
    get(target, property) {
      if (property === 'transaction') return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: wrapped, reruns: () => reruns };
}
