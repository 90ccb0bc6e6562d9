import { z } from 'zod';
import { testSchema } from '../vocabulary.ts';

export const reportedMetricSchema = z.enum(['acch', 'recu', 'abstain']);
export type ReportedMetric = z.infer<typeof reportedMetricSchema>;

/**
 * A JSON file of the figures a paper printed, to compare rankings against:
 * `{"source": "Zhang et al. 2025, Table 2", "values": [{"model", "test", "metric", "value"}]}`.
 * Values are proportions in [0, 1] (write 0.912, not 91.2).
 */
/** One figure of a reported-results file. */
export const reportedValueSchema = z.strictObject({
  model: z.string().trim().min(1),
  test: testSchema,
  metric: reportedMetricSchema,
  value: z
    .number()
    .min(0, 'is a proportion: at least 0')
    .max(1, 'is a proportion: at most 1 (write 0.91, not 91)'),
});

export const reportedResultsSchema = z
  .strictObject({
    source: z.string().trim().min(1, 'must say where the figures come from'),
    values: z.array(reportedValueSchema).min(1, 'must hold at least one figure'),
  })
  .superRefine((report, ctx) => {
    const seen = new Set<string>();
    report.values.forEach((value, index) => {
      const key = `${value.model}|${value.test}|${value.metric}`;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['values', index],
          message: `repeats ${value.metric} for ${value.model}, test ${value.test}`,
        });
      seen.add(key);
    });
  });
export type ReportedResults = z.infer<typeof reportedResultsSchema>;
