import { describe, expect, it } from 'vitest';
import { elementAt } from '../element-at.ts';
import { generateTriples } from '../generate/index.ts';
import { createRng } from '../stats/rng.ts';
import { CASES } from '../vocabulary.ts';
import { paperScaleScenario } from './paper-scale.ts';
import { buildPopulation, drawAnnotation, drawExtraction, drawGold } from './population.ts';
import { smallScenario } from './test-fixtures.ts';

/** |observed − expected| within 5 binomial standard errors. */
function expectRate(hits: number, trials: number, p: number): void {
  expect(trials).toBeGreaterThan(100);
  expect(Math.abs(hits / trials - p)).toBeLessThan(5 * Math.sqrt((p * (1 - p)) / trials));
}

const scenario = paperScaleScenario();
const triples = generateTriples({ mode: 'arguable', count: 400, complexity: 5, seed: 3 }).triples;

describe('drawGold', () => {
  it("leaves out each of the triple's factors at the model's miss rate and abstains on Test 3 at its rate", () => {
    const rng = createRng(1);
    const truth = { ...elementAt(scenario.models, 0), miss: 0.3, abstain: 0.6 };
    let units = 0;
    let missed = 0;
    let abstained = 0;
    for (const triple of triples) {
      const gold = drawGold(rng, triple, 1, truth, scenario);
      for (const c of CASES) {
        const given = c === 'current' ? triple.current.factors : triple[c].factors;
        if (gold[c].length + gold.unlisted.length === 0 && !gold.abstained) continue;
        units += given.length;
        missed += given.filter((factor) => !gold[c].includes(factor)).length;
      }
      if (drawGold(rng, triple, 3, truth, scenario).abstained) abstained++;
    }
    expectRate(missed, units, 0.3);
    expectRate(abstained, triples.length, 0.6);
  });

  it('gives every asserted unit at most one asserted span and no span to a factor it does not assert', () => {
    const rng = createRng(2);
    for (const triple of triples.slice(0, 50)) {
      const gold = drawGold(rng, triple, 2, elementAt(scenario.models, 3), scenario);
      for (const span of gold.spans.filter((s) => s.polarity === 'asserted'))
        expect(gold[span.case]).toContain(span.factor);
      for (const span of gold.spans.filter((s) => s.polarity === 'negated'))
        expect(gold[span.case]).not.toContain(span.factor);
    }
  });
});

describe('drawExtraction and drawAnnotation', () => {
  const rng = createRng(4);
  const golds = triples.map((triple) => drawGold(rng, triple, 1, elementAt(scenario.models, 0), scenario));

  it("find the gold's units at the extractor's recall for their style", () => {
    const extractor = {
      ...elementAt(scenario.extractors, 0),
      recall: { code: 0.9, name: 0.7, paraphrase: 0.4, unspanned: 0.6 },
    };
    const counts = {
      code: { found: 0, units: 0 },
      name: { found: 0, units: 0 },
      paraphrase: { found: 0, units: 0 },
      unspanned: { found: 0, units: 0 },
    };
    golds.forEach((gold, i) => {
      const extraction = drawExtraction(rng, `a${i}`, gold, extractor);
      for (const c of CASES)
        for (const factor of gold[c]) {
          const style = gold.spans.find((s) => s.case === c && s.factor === factor)?.style ?? 'unspanned';
          counts[style].units += 1;
          if (extraction[c].includes(factor)) counts[style].found += 1;
        }
    });
    for (const style of ['code', 'name', 'paraphrase', 'unspanned'] as const)
      expectRate(counts[style].found, counts[style].units, extractor.recall[style]);
  });

  it("fail at the extractor's failure rate, kept as failed and never as an empty output", () => {
    const extractor = { ...elementAt(scenario.extractors, 1), failure: 0.25 };
    const outputs = golds.map((gold, i) => drawExtraction(rng, `a${i}`, gold, extractor));
    expectRate(outputs.filter((output) => output.status === 'failed').length, outputs.length, 0.25);
  });

  it("miss the gold's marks and add spurious ones at the annotator's rates", () => {
    const annotator = { name: 'carol', miss: 0.2, spurious: 0.3, abstainFlip: 0.1 };
    let units = 0;
    let missed = 0;
    let slots = 0;
    let extra = 0;
    let flips = 0;
    for (const gold of golds) {
      const annotation = drawAnnotation(rng, gold, annotator);
      if (annotation.abstained !== gold.abstained) flips++;
      for (const c of CASES) {
        slots++;
        units += gold[c].length;
        missed += gold[c].filter((factor) => !annotation[c].includes(factor)).length;
        extra += annotation[c].filter((factor) => !gold[c].includes(factor)).length;
      }
    }
    expectRate(missed, units, 0.2);
    expectRate(extra, slots, 0.3);
    expectRate(flips, golds.length, 0.1);
  });
});

describe('buildPopulation', () => {
  it('is deterministic for a seed and differs between seeds', () => {
    const small = smallScenario();
    const a = buildPopulation(small, 9);
    const b = buildPopulation(small, 9);
    const c = buildPopulation(small, 10);
    expect(a.arguments).toEqual(b.arguments);
    expect([...a.gold.values()]).toEqual([...b.gold.values()]);
    expect(a.extractions).toEqual(b.extractions);
    expect([...a.gold.values()]).not.toEqual([...c.gold.values()]);
  });

  it('has models × tests × arguments per cell arguments, each with every extractor and annotator', () => {
    const small = smallScenario(5, 10);
    const population = buildPopulation(small, 1);
    expect(population.arguments).toHaveLength(2 * 3 * 5);
    expect(population.extractions).toHaveLength(2 * 3 * 5 * 2);
    for (const argument of population.arguments) {
      expect(population.gold.has(argument.id)).toBe(true);
      expect(population.annotations.get(argument.id)?.map((a) => a.annotator)).toEqual(['alice', 'bob']);
    }
  });
});
