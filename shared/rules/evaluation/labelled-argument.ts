import { z } from 'zod';
import { factorIdSchema } from '../../factors.ts';
import { mentionStyleSchema } from '../../schemas/annotation.ts';
import { unlistedMentionSchema } from '../../schemas/factor-list.ts';
import { CASES, caseSchema } from '../../vocabulary.ts';

const goldFactorSchema = z.strictObject({ factor: factorIdSchema, style: mentionStyleSchema });

/**
 * One labelled argument of the rules extractor's test sets (JSONL, one per line;
 * docs/RULES-EXTRACTOR.md, "The labelled test sets"). Per case, the factors the argument asserts as
 * present, each with the strongest style among its asserting mentions (code > name > paraphrase, so
 * paraphrase recall can be computed); the (case, factor) pairs it mentions only negated; the
 * unlisted factors; and the flags of the guidelines.
 */
export const labelledArgumentSchema = z
  .strictObject({
    id: z.string().min(1),
    text: z.string(),
    finish_reason: z.string().optional(),
    current: z.array(goldFactorSchema),
    tsc1: z.array(goldFactorSchema),
    tsc2: z.array(goldFactorSchema),
    unlisted: z.array(unlistedMentionSchema),
    abstained: z.boolean(),
    exact_phrase: z.boolean(),
    truncated: z.boolean(),
    negated: z.array(z.strictObject({ case: caseSchema, factor: factorIdSchema })),
    note: z.string().optional(),
  })
  .superRefine((record, ctx) => {
    if (record.exact_phrase && !record.abstained)
      ctx.addIssue({ code: 'custom', path: ['exact_phrase'], message: 'exact_phrase needs abstained' });
    for (const caseId of CASES) {
      const ids = record[caseId].map((gold) => gold.factor);
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: [caseId], message: 'a factor is listed twice' });
    }
    for (const [index, negated] of record.negated.entries()) {
      if (record[negated.case].some((gold) => gold.factor === negated.factor))
        ctx.addIssue({
          code: 'custom',
          path: ['negated', index],
          message: `${negated.factor} is negated in ${negated.case} but also asserted there`,
        });
    }
  });
export type LabelledArgument = z.output<typeof labelledArgumentSchema>;

/**
 * The records of one JSONL file of labelled arguments, validated; a bad line throws with its file
 * name and line number (`name`). Blank lines are skipped.
 */
export function parseLabelledJsonl(content: string, name: string): LabelledArgument[] {
  return content.split('\n').flatMap((line, index) => {
    if (line.trim() === '') return [];
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      throw new Error(`${name}:${index + 1}: not JSON (${error instanceof Error ? error.message : error})`);
    }
    const parsed = labelledArgumentSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`${name}:${index + 1}: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim());
    }
    return [parsed.data];
  });
}
