import { describe, expect, it } from 'vitest';
import { buildPopulation } from './population.ts';
import { censusInput, sampledStudyInput } from './study-input.ts';
import { smallScenario } from './test-fixtures.ts';

describe('sampledStudyInput', () => {
  const scenario = smallScenario(6, 14);
  const population = buildPopulation(scenario, 5);

  it('draws the scenario’s gold over the model × test strata with equal allocation (6 strata: 2 or 3 each)', () => {
    const input = sampledStudyInput(population, scenario, [], 11);
    expect(input.gold).toHaveLength(14);
    expect(input.design?.sampled).toHaveLength(14);
    const perStratum = new Map<string, number>();
    const stratumOf = new Map(input.design?.strata.map((row) => [row.argumentId, row.stratum]));
    for (const { argumentId } of input.gold) {
      const stratum = stratumOf.get(argumentId) ?? '';
      perStratum.set(stratum, (perStratum.get(stratum) ?? 0) + 1);
    }
    expect([...perStratum.values()].sort()).toEqual([2, 2, 2, 2, 3, 3]);
  });

  it('reveals annotations of the sampled arguments only, and the same sample for the same seed', () => {
    const input = sampledStudyInput(population, scenario, [], 11);
    const sampled = new Set(input.design?.sampled);
    expect(input.annotations.every((annotation) => sampled.has(annotation.argumentId))).toBe(true);
    expect(input.annotations).toHaveLength(2 * 14);
    expect(sampledStudyInput(population, scenario, [], 11).design?.sampled).toEqual(input.design?.sampled);
    expect(sampledStudyInput(population, scenario, [], 12).design?.sampled).not.toEqual(
      input.design?.sampled,
    );
  });
});

describe('censusInput', () => {
  it('samples every argument with its gold and annotations', () => {
    const population = buildPopulation(smallScenario(4, 8), 5);
    const input = censusInput(population);
    expect(input.gold).toHaveLength(population.arguments.length);
    expect(input.design?.sampled).toHaveLength(population.arguments.length);
    expect(input.annotations).toHaveLength(2 * population.arguments.length);
  });
});
