import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMinutes, percent } from './format.ts';

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

describe('formatDateTime', () => {
  // The suite runs with TZ=UTC (package.json), so local time is UTC here.
  it('writes the day, the month by name, the year and a 24-hour time', () => {
    expect(formatDateTime('2026-12-02T14:05:09Z')).toBe('2 Dec 2026, 14:05');
    expect(formatDateTime('2026-02-12T09:00:00Z')).toBe('12 Feb 2026, 09:00');
  });

  it('gives the time alone for a moment of the same day', () => {
    const now = new Date('2026-12-02T18:00:00Z');
    expect(formatDateTime('2026-12-02T14:05:09Z', now)).toBe('14:05');
    expect(formatDateTime('2026-12-01T14:05:09Z', now)).toBe('1 Dec 2026, 14:05');
  });

  it('reads an unreadable or missing date as a dash', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });
});
