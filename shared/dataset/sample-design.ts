import { z } from 'zod';
import { storedAllocationSchema, stratumAttributeSchema } from '../sample-api.ts';

/**
 * A dataset's `sample.json`: every version of the study's stratified sample as it was drawn — seed,
 * size asked for, allocation, the attributes forming the strata, whether it left earlier draws out,
 * and per stratum its population, the number asked for and the number drawn — without the time it
 * was drawn, so the file is the same whenever it is written. The records' `sample` rows say which
 * version drew each argument, its stratum, inclusion probability and weight. `versions` is empty when
 * the study has no sample.
 *
 * @example { "versions": [{ "version": 1, "seed": 7, "size": 50, "allocation": "equal", "strata_by": ["model", "test"], "excluded_previous": false, "strata": [...] }] }
 */
export const datasetSampleDesignSchema = z.strictObject({
  versions: z
    .array(
      z.strictObject({
        version: z.number().int().positive(),
        seed: z.number().int(),
        size: z.number().int().positive(),
        allocation: storedAllocationSchema,
        strata_by: z.array(stratumAttributeSchema),
        excluded_previous: z.boolean(),
        strata: z.array(
          z.strictObject({
            stratum: z.string(),
            population_size: z.number().int().nonnegative(),
            requested: z.number().int().nonnegative(),
            drawn: z.number().int().nonnegative(),
          }),
        ),
      }),
    )
    .superRefine((versions, ctx) => {
      // Versions number from 1 without gaps, as the store numbers them: an import recreates them in order.
      versions.forEach((entry, index) => {
        if (entry.version !== index + 1)
          ctx.addIssue({ code: 'custom', path: [index, 'version'], message: `must be ${index + 1}` });
      });
    }),
});
export type DatasetSampleDesign = z.infer<typeof datasetSampleDesignSchema>;
