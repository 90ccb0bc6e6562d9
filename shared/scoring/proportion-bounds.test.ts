import { describe, expect, it } from 'vitest';
import { boundProportion } from './proportion-bounds.ts';

describe('boundProportion', () => {
  it('moves the demo’s corrected AccH of 1.075 [0.920, 1.230] into [0, 1] and says so', () => {
    expect(boundProportion(1.075, { lower: 0.92, upper: 1.23 })).toEqual({
      value: 1,
      ci: { lower: 0.92, upper: 1 },
      clipped: true,
    });
  });

  it('clips below zero too', () => {
    expect(boundProportion(-0.02, { lower: -0.1, upper: 0.06 })).toEqual({
      value: 0,
      ci: { lower: 0, upper: 0.06 },
      clipped: true,
    });
  });

  it('clips an interval end even when the estimate is inside', () => {
    expect(boundProportion(0.97, { lower: 0.9, upper: 1.04 }).clipped).toBe(true);
  });

  it('leaves a proportion inside [0, 1] alone', () => {
    expect(boundProportion(0.5, { lower: 0.4, upper: 0.6 })).toEqual({
      value: 0.5,
      ci: { lower: 0.4, upper: 0.6 },
      clipped: false,
    });
  });

  it('passes missing figures through', () => {
    expect(boundProportion(null, null)).toEqual({ value: null, ci: null, clipped: false });
  });
});
