import { type Scenario, scenarioSchema } from './scenario.ts';

/**
 * The paper's scale (issue 17): 8 models × 3 tests × 30 arguments = 720, 50 gold arguments drawn
 * over the 24 model × test strata with equal allocation (22 strata of 2, 2 of 3), two extractors,
 * two annotators. The models' truths spread AccH over about 0.85–0.97 on Tests 1–2 (some below the
 * claim's 0.90, so a wrong "holds" can happen), RecU over about 0.65–0.9, RatioAbstain over 0.3–0.85;
 * the extractors' recall by mention style follows the rules extractor's measured held-out figures
 * (docs/RULES-EXTRACTOR.md: paraphrase recall 0.47 first edition, 0.71 second) and an LLM's; the
 * annotators' disagreement is the demo's (shared/demo/simulate-annotations.ts). Invented, not
 * measured: a scenario to study the design, not a claim about a model.
 */
export function paperScaleScenario(): Scenario {
  const model = (name: string, accuracy: number, miss: number, abstain: number) => ({
    name,
    miss,
    // About five factors per case: (1 − AccH)·15 hallucinated units per argument, shared over three
    // cases: two thirds misattributed, one third invented; unlisted mentions on top.
    misattribute: Math.min(1, ((1 - accuracy) * 15 * (2 / 3)) / 3),
    invent: Math.min(1, ((1 - accuracy) * 15 * (1 / 3)) / 3),
    unlisted: 0.03,
    abstain,
    emptyOutput: 0.02,
  });
  return scenarioSchema.parse({
    description: 'paper scale: 8 models × 3 tests × 30 arguments, 50 gold over 24 strata, 2 extractors',
    tests: [1, 2, 3],
    argumentsPerCell: 30,
    gold: 50,
    allocation: 'equal',
    models: [
      model('gpt-4o', 0.97, 0.1, 0.85),
      model('gpt-4o-mini', 0.93, 0.2, 0.6),
      model('llama-3.1-70b', 0.91, 0.25, 0.5),
      model('llama-3.1-8b', 0.85, 0.35, 0.3),
      model('claude-3.5', 0.96, 0.12, 0.8),
      model('gemini-1.5', 0.89, 0.2, 0.55),
      model('qwen-2.5', 0.92, 0.3, 0.4),
      model('mistral-large', 0.88, 0.28, 0.45),
    ],
    styles: { code: 0.35, name: 0.3, paraphrase: 0.25, unspanned: 0.1 },
    negatedMention: 0.15,
    extractors: [
      {
        name: 'gpt-4.1',
        recall: { code: 0.98, name: 0.95, paraphrase: 0.8, unspanned: 0.85 },
        negatedAsPresent: 0.2,
        extra: 0.04,
        failure: 0,
      },
      {
        name: 'rules',
        recall: { code: 0.99, name: 0.9, paraphrase: 0.5, unspanned: 0.7 },
        negatedAsPresent: 0.3,
        extra: 0.06,
        failure: 0.01,
      },
    ],
    primaryExtractor: 'gpt-4.1',
    annotators: [
      { name: 'alice', miss: 0.04, spurious: 0.05, abstainFlip: 0.02 },
      { name: 'bob', miss: 0.08, spurious: 0.1, abstainFlip: 0.05 },
    ],
  });
}
