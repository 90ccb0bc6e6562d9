import { describe, expect, it } from 'vitest';
import { type StudyOverview, studyOverviewSchema } from '../../../shared/api.ts';
import { columnTotals, modelRows, modeRows, testLabel } from './overviewTable.ts';

function overview(models: StudyOverview['models']): StudyOverview {
  return studyOverviewSchema.parse({
    study: 'pilot',
    totals: {
      triples: 3,
      arguments: 0,
      extractions: 0,
      failedExtractions: 0,
      annotations: 0,
      gold: 0,
      reportedValues: 0,
    },
    triplesByMode: { non_arguable: 1, arguable: 2, reordered: 0 },
    models,
    extractors: [],
  });
}

describe('overview table', () => {
  it('aligns each model to tests 1–3, counting a missing test as 0', () => {
    const rows = modelRows(
      overview([
        {
          model: 'gpt-4o',
          byTest: [
            { test: 3, arguments: 5, extractions: 4 },
            { test: 1, arguments: 2, extractions: 2 },
          ],
        },
      ]),
    );
    expect(rows).toEqual([
      {
        model: 'gpt-4o',
        cells: [
          { arguments: 2, extractions: 2 },
          { arguments: 0, extractions: 0 },
          { arguments: 5, extractions: 4 },
        ],
        total: { arguments: 7, extractions: 6 },
      },
    ]);
  });

  it('totals each column and the whole table', () => {
    const rows = modelRows(
      overview([
        { model: 'a', byTest: [{ test: 1, arguments: 1, extractions: 1 }] },
        {
          model: 'b',
          byTest: [
            { test: 1, arguments: 2, extractions: 0 },
            { test: 2, arguments: 3, extractions: 3 },
          ],
        },
      ]),
    );
    expect(columnTotals(rows, 3)).toEqual({
      cells: [
        { arguments: 3, extractions: 1 },
        { arguments: 3, extractions: 3 },
        { arguments: 0, extractions: 0 },
      ],
      total: { arguments: 6, extractions: 4 },
    });
  });

  it('lists modes in study order and names the tests', () => {
    expect(modeRows(overview([]))).toEqual([
      { mode: 'arguable', triples: 2 },
      { mode: 'reordered', triples: 0 },
      { mode: 'non_arguable', triples: 1 },
    ]);
    expect([1, 2, 3, 4].map(testLabel)).toEqual([
      'Test 1 · arguable',
      'Test 2 · reordered',
      'Test 3 · non-arguable',
      'Test 4',
    ]);
  });
});
