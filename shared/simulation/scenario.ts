import { z } from 'zod';
import { testSchema } from '../vocabulary.ts';

const probability = z.number().min(0).max(1);
const name = z.string().trim().min(1).max(100);

/**
 * How the arguments of one model read against their triples: the truth a simulated population is
 * drawn from. Per case of an argument, each factor of the triple's case is left out with
 * probability `miss` (RecU), a factor of another case of the triple is added with probability
 * `misattribute`, a factor of no case with probability `invent` (both AccH); an unlisted factor is
 * mentioned with probability `unlisted` per argument; on Test 3 the argument abstains with
 * probability `abstain`, on Tests 1–2 it gives no factor at all with probability `emptyOutput`.
 */
export const modelTruthSchema = z.strictObject({
  name,
  miss: probability,
  misattribute: probability,
  invent: probability,
  unlisted: probability,
  abstain: probability,
  emptyOutput: probability,
});
export type ModelTruth = z.infer<typeof modelTruthSchema>;

/** Shares of the gold's asserted (case, factor) units by how the argument mentions them; `unspanned`: ticked without a span. */
export const styleSharesSchema = z
  .strictObject({ code: probability, name: probability, paraphrase: probability, unspanned: probability })
  .refine((shares) => shares.code + shares.name + shares.paraphrase + shares.unspanned > 0, {
    message: 'at least one style share must be positive',
  });
export type StyleShares = z.infer<typeof styleSharesSchema>;

/**
 * One extractor's errors against the gold: the chance to find a gold unit by its mention style
 * (recall), to assert a factor the argument mentions only negated (`negatedAsPresent`), to add an
 * extra factor per case (`extra`), and to fail outright (`failure`, kept as a failed extraction).
 */
export const extractorErrorsSchema = z.strictObject({
  name,
  recall: z.strictObject({
    code: probability,
    name: probability,
    paraphrase: probability,
    unspanned: probability,
  }),
  negatedAsPresent: probability,
  extra: probability,
  failure: probability,
});
export type ExtractorErrors = z.infer<typeof extractorErrorsSchema>;

/** One annotator's disagreement with the gold: a gold mark missed, an extra mark per case, the abstention flag flipped. */
export const annotatorErrorsSchema = z.strictObject({
  name,
  miss: probability,
  spurious: probability,
  abstainFlip: probability,
});
export type AnnotatorErrors = z.infer<typeof annotatorErrorsSchema>;

/**
 * A scenario for `simulate coverage`: the study's shape (models × tests × arguments per cell), its
 * sample design (gold count, allocation over the model × test strata), the truth of each model, the
 * gold's mention styles and negated mentions, the extractors' and the annotators' errors. Validated
 * at the edge (`--scenario FILE`), built at paper scale by `paperScaleScenario`, or estimated from a
 * study by `scenarioFromStudy`.
 */
export const scenarioSchema = z
  .strictObject({
    description: z.string().max(500).default(''),
    tests: z.array(testSchema).min(1).max(3),
    argumentsPerCell: z.number().int().min(2).max(10_000),
    gold: z.number().int().min(2).max(100_000),
    allocation: z.enum(['equal', 'proportional']).default('equal'),
    models: z.array(modelTruthSchema).min(2).max(50),
    styles: styleSharesSchema,
    /** Chance per argument that it mentions one factor only negated ("no NDA was signed"). */
    negatedMention: probability,
    extractors: z.array(extractorErrorsSchema).min(1).max(10),
    /** Whose corrected estimates decide the claims and whose census figures stand in for the paper's. */
    primaryExtractor: name,
    annotators: z.array(annotatorErrorsSchema).min(2).max(10),
  })
  .superRefine((scenario, ctx) => {
    if (!scenario.extractors.some((extractor) => extractor.name === scenario.primaryExtractor))
      ctx.addIssue({
        code: 'custom',
        path: ['primaryExtractor'],
        message: 'must name one of the extractors',
      });
    const cells = scenario.models.length * scenario.tests.length;
    if (scenario.gold > cells * scenario.argumentsPerCell)
      ctx.addIssue({ code: 'custom', path: ['gold'], message: 'must not exceed the number of arguments' });
    for (const [key, list] of [
      ['models', scenario.models],
      ['extractors', scenario.extractors],
      ['annotators', scenario.annotators],
    ] as const)
      if (new Set(list.map((item) => item.name)).size !== list.length)
        ctx.addIssue({ code: 'custom', path: [key], message: 'names must be distinct' });
  });
export type Scenario = z.output<typeof scenarioSchema>;
export type ScenarioInput = z.input<typeof scenarioSchema>;
