import { describe, expect, it } from 'vitest';
import { cellText, cellWraps, count, formatFigure, percent, table, testLabel } from './blocks.ts';

describe('the block helpers', () => {
  it('print a figure as value [lower, upper], the value alone without an interval, null as n/a', () => {
    expect(formatFigure({ value: 0.5, ci: { lower: 0.25, upper: 0.75 }, method: 'wilson' })).toBe(
      '0.500 [0.250, 0.750]',
    );
    expect(formatFigure({ value: 0.5, ci: null, method: 'none' })).toBe('0.500');
    expect(formatFigure({ value: null, ci: null, method: 'normal' })).toBe('n/a');
    expect(formatFigure(undefined)).toBe('n/a');
  });

  it('says why an interval was withheld, per cell for τ-b', () => {
    const withheld = {
      value: 0.9,
      ci: null,
      method: 'cluster-bootstrap' as const,
      interval: 'too_few' as const,
    };
    expect(formatFigure({ ...withheld, gold: 3, gold_needed: 10 })).toBe(
      '0.900 (3 gold: too few for an interval; 10 needed)',
    );
    expect(formatFigure({ ...withheld, gold: 2, gold_needed: 20, models: 8 })).toBe(
      '0.900 (2 gold in the smallest cell: too few for an interval; 20 per cell needed)',
    );
  });

  it('print counts whole, and averaged counts to one decimal', () => {
    expect(count(12)).toBe('12');
    expect(count(2.25)).toBe('2.3');
  });

  it('say so instead of printing an empty table', () => {
    expect(table(['a'], [], 'Nothing yet.')).toEqual({ kind: 'paragraph', text: 'Nothing yet.' });
    expect(table(['a'], [['1']], 'Nothing yet.')).toEqual({ kind: 'table', header: ['a'], rows: [['1']] });
  });

  it('read a status cell’s words, name the tests and the level', () => {
    expect(cellText({ text: 'holds: 0.950', tone: 'holds' })).toBe('holds: 0.950');
    expect(cellText('plain')).toBe('plain');
  });

  it('lets long text cells wrap, never a status cell or a short one', () => {
    expect(cellWraps('model-b above model-a: flips in 0.31, ties in 0.02')).toBe(true);
    expect(cellWraps('0.912 [0.88, 0.95]')).toBe(false);
    expect(cellWraps({ text: 'does not survive, and the words run on long', tone: 'fails' })).toBe(false);
    expect(testLabel('1_2')).toBe('Tests 1–2');
    expect(testLabel('9')).toBe('9');
    expect(percent(0.95)).toBe('95%');
    expect(percent(0.975)).toBe('97.5%');
  });
});
