import { describe, expect, it } from 'vitest';
import { labelStudioTask } from './tasks.ts';
import { richJudgement, TEXT } from './test-fixtures.ts';

describe('labelStudioTask', () => {
  it('holds the text and id, annotations by email with their time, the gold as ground truth, usable predictions', () => {
    const task = labelStudioTask({
      argumentId: 'a1',
      text: TEXT,
      annotations: [{ email: 'alice@x.invalid', secondsSpent: 90, judgement: richJudgement() }],
      gold: { email: null, judgement: richJudgement() },
      extractions: [
        {
          argument_id: 'a1',
          extractor: 'x',
          current: [],
          tsc1: [],
          tsc2: [],
          unlisted: [],
          status: 'failed',
          error: 'e',
        },
        {
          argument_id: 'a1',
          extractor: 'y',
          current: ['F4'],
          tsc1: [],
          tsc2: [],
          unlisted: [],
          status: 'extracted',
        },
      ],
    });
    expect(task.data).toEqual({ text: TEXT, argument_id: 'a1' });
    expect(task.annotations.map((a) => [a.completed_by, a.ground_truth, a.lead_time])).toEqual([
      [{ email: 'alice@x.invalid' }, false, 90],
      [undefined, true, undefined],
    ]);
    expect(task.predictions.map((p) => p.model_version)).toEqual(['y']);
  });
});
