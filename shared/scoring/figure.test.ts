import { describe, expect, it } from 'vitest';
import { plainFigure, proportionFigure, roundNumbers, withholdInterval } from './figure.ts';

describe('proportionFigure', () => {
  it('gives x/n with the Wilson interval and Clopper–Pearson beside it', () => {
    // binom::binom.confint(5, 20): wilson 0.1118617–0.4687009, exact 0.0865715–0.4910459.
    const figure = proportionFigure(5, 20, 0.95);
    expect(figure.value).toBe(0.25);
    expect(figure.method).toBe('wilson');
    expect(figure.ci?.lower).toBeCloseTo(0.1118617, 6);
    expect(figure.ci?.upper).toBeCloseTo(0.4687009, 6);
    expect(figure.clopper_pearson?.lower).toBeCloseTo(0.0865715, 6);
    expect(figure.clopper_pearson?.upper).toBeCloseTo(0.4910459, 6);
  });
  it('is n/a without trials', () => {
    expect(proportionFigure(0, 0, 0.95)).toEqual({
      value: null,
      ci: null,
      method: 'wilson',
      clopper_pearson: null,
    });
  });
});

describe('plainFigure and roundNumbers', () => {
  it('carries a value without an interval', () => {
    expect(plainFigure(0.9)).toEqual({ value: 0.9, ci: null, method: 'none' });
  });
  it('rounds every number of a structure, leaving integers and strings', () => {
    expect(roundNumbers({ a: [1 / 3, 2], b: { c: 'x', d: 0.1 + 0.2 } }, 4)).toEqual({
      a: [0.3333, 2],
      b: { c: 'x', d: 0.3 },
    });
  });
});

describe('withholdInterval', () => {
  const figure = {
    value: 0.9,
    ci: { lower: 0.8, upper: 1 },
    method: 'cluster-bootstrap' as const,
    bca: { lower: 0.7, upper: 1 },
  };
  it('keeps the estimate and drops the intervals below the minimum, saying why', () => {
    expect(withholdInterval(figure, 3, 10)).toEqual({
      value: 0.9,
      ci: null,
      method: 'cluster-bootstrap',
      bca: null,
      interval: 'too_few',
      gold: 3,
      gold_needed: 10,
    });
  });
  it('leaves a figure on enough gold, or without a value, as it is', () => {
    expect(withholdInterval(figure, 10, 10)).toBe(figure);
    const empty = { value: null, ci: null, method: 'cluster-bootstrap' as const };
    expect(withholdInterval(empty, 0, 10)).toBe(empty);
  });
});
