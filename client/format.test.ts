import { describe, expect, it } from 'vitest';
import { formatDuration, formatMinutes, formatWhen, percent } from './format.ts';

describe('formatWhen', () => {
  it('reads a stored time in the locale, and none as a dash', () => {
    expect(formatWhen(null)).toBe('—');
    expect(formatWhen('2026-03-01T09:00:00.000Z')).toBe(
      new Date('2026-03-01T09:00:00.000Z').toLocaleString(),
    );
  });
});

describe('formatMinutes', () => {
  it('reads seconds as minutes with one decimal, nonsense as zero', () => {
    expect(formatMinutes(95)).toBe('1.6 min');
    expect(formatMinutes(750)).toBe('12.5 min');
    expect(formatMinutes(Number.NaN)).toBe('0.0 min');
  });
});

describe('formatDuration', () => {
  it('reads seconds, minutes and hours', () => {
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(7 * 60 + 20)).toBe('7 min');
    expect(formatDuration(3600 + 5 * 60)).toBe('1 h 05 min');
  });

  it('reads nonsense as zero', () => {
    expect(formatDuration(-3)).toBe('0 s');
    expect(formatDuration(Number.NaN)).toBe('0 s');
  });
});

describe('percent', () => {
  it('rounds and stays within 0–100', () => {
    expect(percent(1, 3)).toBe(33);
    expect(percent(5, 4)).toBe(100);
    expect(percent(0, 0)).toBe(0);
  });
});
