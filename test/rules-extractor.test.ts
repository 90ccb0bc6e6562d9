import { beforeAll, describe, expect, it } from 'vitest';
import type { FactorId } from '../shared/factors.ts';
import { extractFactors, type RulesExtraction, toExtractionRecord } from '../shared/rules/index.ts';
import type { MentionStyle } from '../shared/schemas/annotation.ts';
import { extractionSchema } from '../shared/schemas/extraction.ts';
import { CASES } from '../shared/vocabulary.ts';
import {
  LABELLED_SETS,
  type LabelledArgument,
  type LabelledSet,
  loadBlindDevelopmentSet,
  loadIndependentSet,
  loadLabelledSet,
  loadLexicon,
  loadSecondIndependentSet,
  loadThirdIndependentSet,
} from './fixtures/rules/labelled-arguments.ts';

/**
 * The rules extractor against its labelled test sets (test/fixtures/rules/). The unit is one
 * (argument, case, factor) asserted present (docs/STATISTICS.md §3.1); counts are
 * pooled (micro). Thresholds apply to the development and older held-out sets together; the table
 * shows each set, because the rules were written against some and not others. The first
 * independent set (test/fixtures/rules-independent/) was measured once as held-out (second
 * edition, docs/RULES-EXTRACTOR.md) and has been a development set since (edition 2.1.0): it is
 * scored apart, with floors of its own at the level 2.1.0 reached on it, so later changes cannot
 * lose what was fixed there. The second independent set and the three blind-written development
 * sets (test/fixtures/rules-dev-blind*) are development sets of edition 2.2.0, with floors of their
 * own likewise. A held-out set measured after the last change to the rules (the third independent
 * set, for 2.2.0) is wired in by whoever measures it, never read while the rules change.
 */

interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

interface Score {
  arguments: number;
  units: Counts;
  byCase: Record<(typeof CASES)[number], Counts>;
  recallByStyle: Record<MentionStyle, { found: number; gold: number }>;
  unlisted: Counts;
  negatedAsPresent: string[];
  abstention: { right: number; total: number; wrong: string[] };
  truncation: { right: number; total: number; wrong: string[] };
}

function emptyCounts(): Counts {
  return { tp: 0, fp: 0, fn: 0 };
}

function emptyScore(): Score {
  return {
    arguments: 0,
    units: emptyCounts(),
    byCase: { current: emptyCounts(), tsc1: emptyCounts(), tsc2: emptyCounts() },
    recallByStyle: {
      code: { found: 0, gold: 0 },
      name: { found: 0, gold: 0 },
      paraphrase: { found: 0, gold: 0 },
    },
    unlisted: emptyCounts(),
    negatedAsPresent: [],
    abstention: { right: 0, total: 0, wrong: [] },
    truncation: { right: 0, total: 0, wrong: [] },
  };
}

/** An unlisted mention's identity for matching: its code if it has one ("F30"), else its folded words. */
function unlistedKey(caseId: string, text: string): string {
  const code = /^f\s?-?(\d{1,2})\b/i.exec(text.trim());
  const key = code
    ? `f${Number(code[1])}`
    : text
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
  return `${caseId}:${key}`;
}

function goldAbstention(gold: LabelledArgument): RulesExtraction['abstention'] {
  if (!gold.abstained) return 'none';
  return gold.exact_phrase ? 'exact' : 'near_miss';
}

function addTo(score: Score, gold: LabelledArgument, result: RulesExtraction): void {
  score.arguments += 1;
  for (const caseId of CASES) {
    const predicted = new Set<FactorId>(result[caseId]);
    const expected = new Map(gold[caseId].map((unit) => [unit.factor, unit.style]));
    for (const factor of predicted) {
      const hit = expected.has(factor);
      score.units[hit ? 'tp' : 'fp'] += 1;
      score.byCase[caseId][hit ? 'tp' : 'fp'] += 1;
    }
    for (const [factor, style] of expected) {
      const found = predicted.has(factor);
      if (!found) {
        score.units.fn += 1;
        score.byCase[caseId].fn += 1;
      }
      score.recallByStyle[style].gold += 1;
      if (found) score.recallByStyle[style].found += 1;
    }
  }
  for (const negated of gold.negated) {
    if (result[negated.case].includes(negated.factor))
      score.negatedAsPresent.push(`${gold.id} ${negated.case} ${negated.factor}`);
  }
  const predictedUnlisted = new Set(result.unlisted.map((m) => unlistedKey(m.case, m.text)));
  const expectedUnlisted = new Set(gold.unlisted.map((m) => unlistedKey(m.case, m.text)));
  for (const key of predictedUnlisted) score.unlisted[expectedUnlisted.has(key) ? 'tp' : 'fp'] += 1;
  for (const key of expectedUnlisted) if (!predictedUnlisted.has(key)) score.unlisted.fn += 1;

  const abstention = goldAbstention(gold);
  score.abstention.total += 1;
  if (result.abstention === abstention) score.abstention.right += 1;
  else score.abstention.wrong.push(`${gold.id}: ${abstention} read as ${result.abstention}`);
  score.truncation.total += 1;
  if (result.truncated === gold.truncated) score.truncation.right += 1;
  else score.truncation.wrong.push(`${gold.id}: ${gold.truncated} read as ${result.truncated}`);
}

function merge(scores: readonly Score[]): Score {
  const total = emptyScore();
  const add = (into: Counts, from: Counts) => {
    into.tp += from.tp;
    into.fp += from.fp;
    into.fn += from.fn;
  };
  for (const score of scores) {
    total.arguments += score.arguments;
    add(total.units, score.units);
    for (const caseId of CASES) add(total.byCase[caseId], score.byCase[caseId]);
    for (const style of ['code', 'name', 'paraphrase'] as const) {
      total.recallByStyle[style].found += score.recallByStyle[style].found;
      total.recallByStyle[style].gold += score.recallByStyle[style].gold;
    }
    add(total.unlisted, score.unlisted);
    total.negatedAsPresent.push(...score.negatedAsPresent);
    for (const flag of ['abstention', 'truncation'] as const) {
      total[flag].right += score[flag].right;
      total[flag].total += score[flag].total;
      total[flag].wrong.push(...score[flag].wrong);
    }
  }
  return total;
}

/** Precision, recall and F1 (= 2tp / (2tp + fp + fn)); null where the denominator is 0. */
function prf(counts: Counts): { precision: number | null; recall: number | null; f1: number | null } {
  const { tp, fp, fn } = counts;
  return {
    precision: tp + fp === 0 ? null : tp / (tp + fp),
    recall: tp + fn === 0 ? null : tp / (tp + fn),
    f1: 2 * tp + fp + fn === 0 ? null : (2 * tp) / (2 * tp + fp + fn),
  };
}

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

function show(value: number | null): string {
  return value === null ? 'n/a' : value.toFixed(3);
}

function row(label: string, score: Score): string {
  const micro = prf(score.units);
  const paraphrase = score.recallByStyle.paraphrase;
  return [
    label.padEnd(10),
    String(score.arguments).padStart(4),
    `${score.units.tp}/${score.units.fp}/${score.units.fn}`.padStart(12),
    show(micro.precision).padStart(6),
    show(micro.recall).padStart(6),
    show(micro.f1).padStart(6),
    `${show(ratio(paraphrase.found, paraphrase.gold))} (${paraphrase.found}/${paraphrase.gold})`.padStart(16),
    show(ratio(score.abstention.right, score.abstention.total)).padStart(6),
    show(ratio(score.truncation.right, score.truncation.total)).padStart(6),
    show(prf(score.unlisted).f1).padStart(6),
    String(score.negatedAsPresent.length).padStart(4),
  ].join(' ');
}

const scores = new Map<LabelledSet, Score>();
let all: Score = emptyScore();
const independent: Score = emptyScore();
const secondIndependent: Score = emptyScore();
const blind: Score[] = [emptyScore(), emptyScore(), emptyScore()];
const heldOut: Score = emptyScore();

beforeAll(() => {
  const lexicon = loadLexicon();
  for (const set of LABELLED_SETS) {
    const score = emptyScore();
    for (const gold of loadLabelledSet(set))
      addTo(score, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));
    scores.set(set, score);
  }
  all = merge([...scores.values()]);
  for (const gold of loadIndependentSet())
    addTo(independent, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));
  for (const gold of loadSecondIndependentSet())
    addTo(secondIndependent, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));
  for (const [index, score] of blind.entries())
    for (const gold of loadBlindDevelopmentSet((index + 1) as 1 | 2 | 3))
      addTo(score, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));
  for (const gold of loadThirdIndependentSet())
    addTo(heldOut, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));
  const lines = [
    'rules extractor vs labelled arguments (unit: argument × case × factor asserted present)',
    'set         n     tp/fp/fn      P      R     F1  paraphrase R     abst  trunc unl.F1 neg+',
    ...[...scores].map(([set, score]) => row(set, score)),
    row('all', all),
    row('indep (dev)', independent),
    row('indep-2 (dev)', secondIndependent),
    ...blind.map((score, index) => row(`blind-${index + 1} (dev)`, score)),
    row('indep-3 (held-out)', heldOut),
    `by case (all): ${CASES.map((caseId) => `${caseId} F1 ${show(prf(all.byCase[caseId]).f1)}`).join(', ')}`,
    `recall by style (all): ${(['code', 'name', 'paraphrase'] as const)
      .map(
        (style) => `${style} ${show(ratio(all.recallByStyle[style].found, all.recallByStyle[style].gold))}`,
      )
      .join(', ')}`,
    ...all.abstention.wrong.map((wrong) => `abstention miss: ${wrong}`),
    ...all.truncation.wrong.map((wrong) => `truncation miss: ${wrong}`),
  ];
  console.log(lines.join('\n'));
});

describe('rules extractor on its labelled test set', () => {
  it('has at least 40 labelled arguments in the development set', () => {
    expect(scores.get('arguments')?.arguments ?? 0).toBeGreaterThanOrEqual(40);
  });

  it('reaches micro-F1 0.85 over (argument, case, factor) units', () => {
    expect(prf(all.units).f1 ?? 0).toBeGreaterThanOrEqual(0.85);
  });

  it('recalls at least 60% of the factors mentioned only by paraphrase', () => {
    const { found, gold } = all.recallByStyle.paraphrase;
    expect(gold).toBeGreaterThan(0);
    expect(found / gold).toBeGreaterThanOrEqual(0.6);
  });

  it('never counts a negated mention as present', () => {
    expect(all.negatedAsPresent).toEqual([]);
  });

  it('classifies abstention (none, exact phrase, near miss) for at least 90% of arguments', () => {
    expect(all.abstention.right / all.abstention.total).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps the first independent set (a development set since 2.1.0) at micro-F1 0.93, paraphrase recall 0.85 and no negated mention counted', () => {
    expect(independent.arguments).toBeGreaterThanOrEqual(54);
    expect(prf(independent.units).f1 ?? 0).toBeGreaterThanOrEqual(0.93);
    const { found, gold } = independent.recallByStyle.paraphrase;
    expect(found / gold).toBeGreaterThanOrEqual(0.85);
    expect(independent.negatedAsPresent).toEqual([]);
  });

  // Development sets of edition 2.2.0: floors a little under what 2.2.0 reached on each
  // (docs/RULES-EXTRACTOR.md), so a later change cannot silently lose what was fixed there.
  it.each([
    ['the second independent set', () => secondIndependent, 50, 0.93, 0.83, 1],
    ['blind development set 1', () => blind[0], 40, 0.92, 0.87, 4],
    ['blind development set 2', () => blind[1], 40, 0.91, 0.84, 2],
    ['blind development set 3', () => blind[2], 40, 0.93, 0.89, 5],
  ] as const)(
    'keeps %s at its floors (F1, paraphrase recall, negated counted as present)',
    (_name, score, size, f1, paraphraseRecall, negated) => {
      const { arguments: count, units, recallByStyle, negatedAsPresent } = score() ?? emptyScore();
      expect(count).toBeGreaterThanOrEqual(size);
      expect(prf(units).f1 ?? 0).toBeGreaterThanOrEqual(f1);
      expect(recallByStyle.paraphrase.found / recallByStyle.paraphrase.gold).toBeGreaterThanOrEqual(
        paraphraseRecall,
      );
      expect(negatedAsPresent.length).toBeLessThanOrEqual(negated);
    },
  );

  // Held-out: read once after the last change to the rules (docs/RULES-EXTRACTOR.md). The figures
  // there are the measurement; this floor only catches a rules change that breaks the set wholesale.
  it('reports the third independent set (held-out) above a sanity floor', () => {
    expect(heldOut.arguments).toBeGreaterThanOrEqual(50);
    expect(prf(heldOut.units).f1 ?? 0).toBeGreaterThanOrEqual(0.8);
  });

  it('writes every extraction as a valid extractions JSONL record', () => {
    const lexicon = loadLexicon();
    for (const set of LABELLED_SETS) {
      for (const gold of loadLabelledSet(set)) {
        const record = toExtractionRecord(gold.id, extractFactors(gold.text, lexicon));
        expect(extractionSchema.safeParse(record).success).toBe(true);
      }
    }
  });

  it('points every evidence span at the text it quotes', () => {
    const lexicon = loadLexicon();
    for (const gold of loadLabelledSet('arguments')) {
      for (const mention of extractFactors(gold.text, lexicon).mentions) {
        expect(mention.end).toBeGreaterThan(mention.start);
        expect(mention.end).toBeLessThanOrEqual(gold.text.length);
        if (mention.factor !== 'unlisted')
          expect(gold.text.slice(mention.start, mention.end)).toBe(mention.text);
      }
    }
  });
});
