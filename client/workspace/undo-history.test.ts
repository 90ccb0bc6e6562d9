import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  push,
  redo,
  reset,
  UNDO_LIMIT,
  type UndoHistory,
  undo,
} from './undo-history.ts';

const ONE_TWO_THREE: UndoHistory<number> = Object.freeze({
  past: Object.freeze([1, 2]),
  present: 3,
  future: Object.freeze([]),
});

describe('undo history', () => {
  it('starts with nothing to undo or redo', () => {
    const history = createHistory('a');
    expect(history).toEqual({ past: [], present: 'a', future: [] });
    expect(canUndo(history)).toBe(false);
    expect(canRedo(history)).toBe(false);
  });

  it('moves the present into the past on push', () => {
    expect(push(createHistory(1), 2)).toEqual({ past: [1], present: 2, future: [] });
  });

  it('steps back and forward again', () => {
    const back = undo(ONE_TWO_THREE);
    expect(back).toEqual({ past: [1], present: 2, future: [3] });
    expect(canRedo(back)).toBe(true);
    expect(redo(back)).toEqual(ONE_TWO_THREE);
  });

  it('undoes several steps in order and redoes them in order', () => {
    const twice = undo(undo(ONE_TWO_THREE));
    expect(twice).toEqual({ past: [], present: 1, future: [2, 3] });
    expect(redo(twice)).toEqual({ past: [1], present: 2, future: [3] });
  });

  it('drops the future when a new state is pushed after an undo', () => {
    expect(push(undo(ONE_TWO_THREE), 9)).toEqual({ past: [1, 2], present: 9, future: [] });
  });

  it('ignores a push of the present itself', () => {
    const state = { spans: [] };
    const history = createHistory(state);
    expect(push(history, state)).toBe(history);
  });

  it('records a push of an equal but different object', () => {
    const history = createHistory({ spans: [] });
    expect(push(history, { spans: [] }).past).toHaveLength(1);
  });

  it('keeps at most the newest 200 past states', () => {
    let history = createHistory(0);
    for (let value = 1; value <= UNDO_LIMIT + 5; value += 1) history = push(history, value);
    expect(UNDO_LIMIT).toBe(200);
    expect(history.past).toHaveLength(UNDO_LIMIT);
    expect(history.past[0]).toBe(5);
    expect(history.present).toBe(UNDO_LIMIT + 5);
  });

  it('returns the same history for undo without a past and redo without a future', () => {
    const history = createHistory(1);
    expect(undo(history)).toBe(history);
    expect(redo(ONE_TWO_THREE)).toBe(ONE_TWO_THREE);
  });

  it('does not change the history it is given', () => {
    push(ONE_TWO_THREE, 4);
    undo(ONE_TWO_THREE);
    expect(ONE_TWO_THREE).toEqual({ past: [1, 2], present: 3, future: [] });
  });

  it('forgets past and future on reset', () => {
    const history = reset(undo(ONE_TWO_THREE), 7);
    expect(history).toEqual({ past: [], present: 7, future: [] });
    expect(canUndo(history)).toBe(false);
  });

  it('returns the same history when reset to what it already is', () => {
    const history = createHistory(1);
    expect(reset(history, 1)).toBe(history);
    expect(reset(ONE_TWO_THREE, 3)).not.toBe(ONE_TWO_THREE);
  });
});
