import { z } from 'zod';
import { CASES } from '../vocabulary.ts';
import { extractionMentionsSchema } from './extraction-mention.ts';
import { dedupeUnlisted, splitReferences, unlistedMentionSchema } from './factor-list.ts';
import { recordIdSchema } from './triple.ts';

export const extractionStatusSchema = z.enum(['extracted', 'failed']);
export type ExtractionStatus = z.infer<typeof extractionStatusSchema>;

const rawExtractionSchema = z.strictObject({
  argument_id: recordIdSchema,
  extractor: z.string().trim().min(1, 'must name the extractor'),
  current: z.array(z.string()).default([]),
  tsc1: z.array(z.string()).default([]),
  tsc2: z.array(z.string()).default([]),
  unlisted: z.array(unlistedMentionSchema).default([]),
  abstained: z.boolean().optional(),
  raw: z.string().optional(),
  status: extractionStatusSchema.default('extracted'),
  error: z.string().min(1).optional(),
  mentions: extractionMentionsSchema.optional(),
});

/**
 * One line of extractions JSONL: the factors an extractor says an argument asserts, per case.
 * References outside the catalogue move to `unlisted` for their case. A `failed` extraction (the
 * extractor never answered usably) must carry its `error` and no factors: it is never an empty one.
 * `mentions` (optional, at most 2,000) is the evidence: where in the argument text the extractor
 * read each factor, for which case and with which polarity (the rules extractor writes it).
 */
export const extractionSchema = rawExtractionSchema
  .superRefine((record, ctx) => {
    if (record.status === 'failed') {
      if (!record.error)
        ctx.addIssue({ code: 'custom', path: ['error'], message: 'a failed extraction must say its error' });
      for (const caseId of CASES) {
        if (record[caseId].length > 0)
          ctx.addIssue({ code: 'custom', path: [caseId], message: 'a failed extraction carries no factors' });
      }
      if (record.mentions && record.mentions.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['mentions'],
          message: 'a failed extraction carries no mentions',
        });
    } else if (record.error) {
      ctx.addIssue({ code: 'custom', path: ['error'], message: 'only a failed extraction has an error' });
    }
  })
  .transform((record) => {
    const current = splitReferences('current', record.current);
    const tsc1 = splitReferences('tsc1', record.tsc1);
    const tsc2 = splitReferences('tsc2', record.tsc2);
    return {
      ...record,
      current: current.ids,
      tsc1: tsc1.ids,
      tsc2: tsc2.ids,
      unlisted: dedupeUnlisted([...record.unlisted, ...current.unlisted, ...tsc1.unlisted, ...tsc2.unlisted]),
    };
  });
export type ExtractionInput = z.input<typeof extractionSchema>;
export type Extraction = z.output<typeof extractionSchema>;
