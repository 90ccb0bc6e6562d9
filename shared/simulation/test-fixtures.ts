import { paperScaleScenario } from './paper-scale.ts';
import { type Scenario, scenarioSchema } from './scenario.ts';

/** A small scenario for tests: the paper-scale truths of two models × 3 tests × `perCell` arguments, `gold` of them sampled. */
export function smallScenario(perCell = 6, gold = 12): Scenario {
  const paper = paperScaleScenario();
  return scenarioSchema.parse({
    ...paper,
    description: 'small',
    models: paper.models.slice(0, 2),
    argumentsPerCell: perCell,
    gold,
  });
}
