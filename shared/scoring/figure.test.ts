import { describe, expect, it } from 'vitest';
import { plainFigure, proportionFigure, roundNumbers } from './figure.ts';

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
