import { drawStratifiedSample, stratumKey } from '../sampling/index.ts';
import type { ReportedValueInput, ReportInput, SampleDesign } from '../scoring/index.ts';
import type { Population } from './population.ts';
import type { Scenario } from './scenario.ts';

const STRATA_BY = ['model', 'test'] as const;

function strataOf(population: Population): SampleDesign['strata'] {
  return population.arguments.map((argument) => ({
    argumentId: argument.id,
    stratum: stratumKey({ model: argument.model, test: argument.test }),
  }));
}

/** The report input of a study that sees `revealed` of the population's arguments (gold and annotations) under `design`. */
function studyInput(
  population: Population,
  revealed: readonly string[],
  design: SampleDesign,
  reported: readonly ReportedValueInput[],
): ReportInput {
  return {
    study: 'simulated',
    triples: population.triples,
    arguments: population.arguments,
    extractions: population.extractions,
    annotations: revealed.flatMap((id) => population.annotations.get(id) ?? []),
    gold: revealed.flatMap((id) => {
      const judgement = population.gold.get(id);
      return judgement ? [{ argumentId: id, judgement }] : [];
    }),
    reported,
    design,
  };
}

/**
 * The census: every argument of the population sampled, with its gold and every annotator's
 * annotation. The report of this input (no bootstrap) gives each figure's population value — the
 * truth a study's interval for that figure should cover.
 */
export function censusInput(
  population: Population,
  reported: readonly ReportedValueInput[] = [],
): ReportInput {
  const all = population.arguments.map((argument) => argument.id);
  const design: SampleDesign = {
    version: 1,
    strataBy: STRATA_BY,
    excludedPrevious: false,
    strata: strataOf(population),
    sampled: all,
  };
  return studyInput(population, all, design, reported);
}

/**
 * One simulated study: a stratified random sample of `scenario.gold` arguments over the model ×
 * test strata, drawn exactly as `sample draw` draws it (`drawStratifiedSample`, the scenario's
 * allocation), whose arguments get their gold and their annotations; every argument keeps its
 * extractions; the paper's figures are `reported`.
 */
export function sampledStudyInput(
  population: Population,
  scenario: Pick<Scenario, 'gold' | 'allocation'>,
  reported: readonly ReportedValueInput[],
  seed: number,
): ReportInput {
  const sample = drawStratifiedSample({
    population: population.arguments,
    id: (argument) => argument.id,
    stratumOf: (argument) => stratumKey({ model: argument.model, test: argument.test }),
    size: scenario.gold,
    allocation: scenario.allocation,
    seed,
  });
  const sampled = sample.items.map((item) => item.id);
  const design: SampleDesign = {
    version: 1,
    strataBy: STRATA_BY,
    excludedPrevious: false,
    strata: strataOf(population),
    sampled,
  };
  return studyInput(population, sampled, design, reported);
}
