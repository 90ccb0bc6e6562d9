import { describe, expect, it } from 'vitest';
import { elementAt } from '../element-at.ts';
import { buildReport } from '../scoring/index.ts';
import { CASES } from '../vocabulary.ts';
import { populationTruths, printedIntervals, truthKey } from './figure-pairs.ts';
import { buildPopulation } from './population.ts';
import { censusInput, sampledStudyInput } from './study-input.ts';
import { smallScenario } from './test-fixtures.ts';

const scenario = smallScenario(6, 12);
const population = buildPopulation(scenario, 21);
const options = {
  seed: 1,
  level: 0.95,
  threshold: 0.6,
  claimThreshold: 0.9,
  generatedAt: '2000-01-01T00:00:00.000Z',
};
const census = buildReport(censusInput(population), { ...options, replicates: 0 });
const truths = populationTruths(census);
const triples = new Map(population.triples.map((triple) => [triple.id, triple]));

/** The gold's AccH of one argument by hand: 1 − NH/N over the three cases, unlisted mentions in NH. */
function goldAccH(id: string): number {
  const argument = population.arguments.find((a) => a.id === id);
  const triple = triples.get(argument?.triple_id ?? '');
  const gold = population.gold.get(id);
  if (!triple || !gold) throw new Error('missing');
  let n = 0;
  let nh = gold.unlisted.length;
  for (const c of CASES) {
    const given = c === 'current' ? triple.current.factors : triple[c].factors;
    n += given.length;
    nh += gold[c].filter((factor) => !given.includes(factor)).length;
  }
  return 1 - nh / n;
}

const cellMean = (model: string, test: number) => {
  const ids = population.arguments.filter((a) => a.model === model && a.test === test).map((a) => a.id);
  return ids.reduce((sum, id) => sum + goldAccH(id), 0) / ids.length;
};

describe('populationTruths', () => {
  const model = elementAt(scenario.models, 0).name;

  it("pairs the gold's cell AccH and the corrected AccH with the cell's mean over all its arguments, by hand", () => {
    for (const test of [1, 2, 3]) {
      expect(truths.get(truthKey('gold AccH (sample mean)', `${model}|${test}`))).toBeCloseTo(
        cellMean(model, test),
        12,
      );
      expect(truths.get(truthKey('corrected AccH (gpt-4.1)', `${model}|${test}`))).toBeCloseTo(
        cellMean(model, test),
        12,
      );
    }
  });

  it('pairs the corrected AccH of Tests 1–2 with the size-weighted mean of the two cells', () => {
    expect(truths.get(truthKey('corrected AccH Tests 1–2 (rules)', `${model}|1_2`))).toBeCloseTo(
      (cellMean(model, 1) + cellMean(model, 2)) / 2,
      12,
    );
  });

  it("pairs the extractor's precision with its precision over every argument against the gold, by hand", () => {
    let tp = 0;
    let fp = 0;
    for (const extraction of population.extractions) {
      if (extraction.extractor !== 'gpt-4.1' || extraction.status === 'failed') continue;
      const gold = population.gold.get(extraction.argument_id);
      if (!gold) continue;
      for (const c of CASES) {
        tp += extraction[c].filter((factor) => gold[c].includes(factor)).length;
        fp += extraction[c].filter((factor) => !gold[c].includes(factor)).length;
      }
      tp += (extraction.unlisted ?? []).length; // the simulated extractor only ever copies the gold's unlisted mentions
    }
    expect(truths.get(truthKey('extractor precision (gpt-4.1)', 'micro'))).toBeCloseTo(tp / (tp + fp), 12);
  });

  it('gives no truth to RatioAbstain outside Test 3', () => {
    expect(truths.has(truthKey('corrected RatioAbstain (gpt-4.1)', `${model}|1`))).toBe(false);
    expect(truths.has(truthKey('corrected RatioAbstain (gpt-4.1)', `${model}|3`))).toBe(true);
  });
});

describe('printedIntervals', () => {
  it('lists every method a sampled study prints, each with a truth', () => {
    const study = buildReport(sampledStudyInput(population, scenario, [], 3), { ...options, replicates: 50 });
    const printed = printedIntervals(study);
    const methods = (family: string) =>
      [...new Set(printed.filter((p) => p.family === family).map((p) => p.method))].sort();
    expect(methods('extractor precision (gpt-4.1)')).toEqual(['bca', 'percentile', 'wilson']);
    expect(methods('gold RatioAbstain')).toEqual(['clopper-pearson', 'wilson']);
    expect(methods('corrected AccH (gpt-4.1)')).toEqual(['student-t']);
    expect(methods('annotators κ')).toEqual(['bca', 'percentile']);
    for (const { family, key } of printed.filter((p) => !p.family.startsWith('τ-b')))
      expect(truths.has(truthKey(family, key)), `${family} ${key}`).toBe(true);
  });
});
