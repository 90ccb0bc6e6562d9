/**
 * An immutable undo/redo history: the states before the present (oldest first), the present, and
 * the states undone since (next first). Every operation returns a new history, or the same one
 * when nothing changes, so a React state holding it re-renders only on real changes.
 */
export interface UndoHistory<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
}

/** How many earlier states are kept; older ones are dropped, oldest first. */
export const UNDO_LIMIT = 200;

/** A history with nothing to undo or redo. */
export function createHistory<T>(present: T): UndoHistory<T> {
  return { past: [], present, future: [] };
}

/**
 * Makes `next` the present: the old present joins the past (keeping the newest UNDO_LIMIT states)
 * and the future is dropped, as in every editor — a new change after an undo forks the timeline.
 * Pushing the present itself (the same reference: an edit that changed nothing) returns `history`
 * unchanged, so a no-op edit does not cost an undo step.
 *
 * @example push(createHistory(1), 2) // { past: [1], present: 2, future: [] }
 */
export function push<T>(history: UndoHistory<T>, next: T): UndoHistory<T> {
  if (Object.is(next, history.present)) return history;
  const past = [...history.past, history.present];
  return {
    past: past.length > UNDO_LIMIT ? past.slice(past.length - UNDO_LIMIT) : past,
    present: next,
    future: [],
  };
}

/**
 * Steps back: the newest past state becomes the present, the present moves to the front of the
 * future. Without a past, returns `history` unchanged.
 *
 * @example undo({ past: [1], present: 2, future: [] }) // { past: [], present: 1, future: [2] }
 */
export function undo<T>(history: UndoHistory<T>): UndoHistory<T> {
  if (history.past.length === 0) return history;
  const previous = history.past[history.past.length - 1] as T;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

/**
 * Steps forward again: the first future state becomes the present. Without a future, returns
 * `history` unchanged.
 *
 * @example redo({ past: [], present: 1, future: [2] }) // { past: [1], present: 2, future: [] }
 */
export function redo<T>(history: UndoHistory<T>): UndoHistory<T> {
  if (history.future.length === 0) return history;
  const [next, ...rest] = history.future as [T, ...T[]];
  return { past: [...history.past, history.present], present: next, future: rest };
}

/** Whether `undo` would change anything. */
export function canUndo<T>(history: UndoHistory<T>): boolean {
  return history.past.length > 0;
}

/** Whether `redo` would change anything. */
export function canRedo<T>(history: UndoHistory<T>): boolean {
  return history.future.length > 0;
}

/**
 * Starts over from `present`, forgetting past and future — for a state that is not an edit (the
 * server's version loaded after a conflict, another item opened). Returns `history` itself when it
 * already is exactly that.
 *
 * @example reset({ past: [1], present: 2, future: [3] }, 5) // { past: [], present: 5, future: [] }
 */
export function reset<T>(history: UndoHistory<T>, present: T): UndoHistory<T> {
  if (Object.is(present, history.present) && history.past.length === 0 && history.future.length === 0)
    return history;
  return createHistory(present);
}
