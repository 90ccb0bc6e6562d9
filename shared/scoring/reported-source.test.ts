import { describe, expect, it } from 'vitest';
import type { ReportedValueInput } from './report-input.ts';
import { chooseReportedSource } from './reported-source.ts';
import { reportedKey } from './study-metrics.ts';

const value = (source: string, model: string, number: number): ReportedValueInput => ({
  source,
  model,
  test: 1,
  metric: 'acch',
  value: number,
});

describe('chooseReportedSource', () => {
  it('has no source and no note when nothing was reported', () => {
    expect(chooseReportedSource([])).toEqual({ source: null, values: new Map(), notes: [] });
  });

  it('takes the only source and its values by model, test and metric', () => {
    const choice = chooseReportedSource([value('paper', 'a', 0.91), value('paper', 'b', 0.8)]);
    expect(choice.source).toBe('paper');
    expect(choice.values.get(reportedKey('a', 1, 'acch'))).toBe(0.91);
    expect(choice.notes).toEqual([]);
  });

  it('takes the first source by name among several, and says that there are others', () => {
    const choice = chooseReportedSource([value('zeta', 'a', 0.5), value('alpha', 'a', 0.9)]);
    expect(choice.source).toBe('alpha');
    expect([...choice.values.values()]).toEqual([0.9]);
    expect(choice.notes).toEqual([
      'Reported figures come from 2 sources; this report compares "alpha" (choose with --reported-source).',
    ]);
  });

  it('takes the requested source', () => {
    expect(chooseReportedSource([value('zeta', 'a', 0.5), value('alpha', 'a', 0.9)], 'zeta').source).toBe(
      'zeta',
    );
  });

  it('compares with nothing, and says so, when the requested source was never imported', () => {
    const choice = chooseReportedSource([value('paper', 'a', 0.9)], 'other');
    expect(choice).toEqual({
      source: null,
      values: new Map(),
      notes: ['No reported figures from "other"; the reported source is left out.'],
    });
  });
});
