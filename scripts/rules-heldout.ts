import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseLabelledJsonl } from '../shared/rules/evaluation/labelled-argument.ts';
import {
  addToScore,
  emptyScore,
  paraphraseRecall,
  SCORE_HEADER,
  scoreRow,
} from '../shared/rules/evaluation/score.ts';
import { extractFactors, lexiconSchema, RULES_EXTRACTOR_VERSION } from '../shared/rules/index.ts';
import { precisionRecallF1 } from '../shared/stats/precision-recall-f1.ts';

/**
 * `npm run rules:heldout`: the one measurement of an edition on the held-out set
 * test/fixtures/rules-heldout-12/heldout-12.jsonl (set 12, for the edition after 3.7.0, written 2026-12-06 and not yet measured; sets 4 to 11
 * were 3.0.0's, 3.1.0's, 3.2.0's, 3.3.0's, 3.4.0's, 3.5.0's, 3.6.0's and 3.7.0's, development sets since) — written blind, by a writer who saw neither the rules nor the other
 * sets — and nothing else: no other set is read, and no test reads this one.
 * Run it once per edition, after the edition is frozen, and write the figures into
 * docs/RULES-EXTRACTOR.md ("Held-out measurements"); once read, the set becomes a development set
 * for the next edition. Prints micro precision, recall and F1 over (argument, case, factor) units,
 * paraphrase recall, the negated mentions counted as present, the factors put in a case the
 * argument does not assert them for while it asserts them for another, and abstention, truncation
 * and unlisted factors, each error listed.
 */
const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const SET = here('../test/fixtures/rules-heldout-12/heldout-12.jsonl');
const LEXICON = here('../data/lexicon.json');

if (!existsSync(SET)) {
  console.error(
    `rules:heldout: no held-out set at ${SET}: the set is read only by this command; add or restore the folder test/fixtures/rules-heldout-12 (heldout-12.jsonl) from git.`,
  );
  process.exit(1);
}
const lexicon = lexiconSchema.parse(JSON.parse(readFileSync(LEXICON, 'utf8')));
const arguments_ = parseLabelledJsonl(readFileSync(SET, 'utf8'), 'rules-heldout-12/heldout-12.jsonl');
const score = emptyScore();
for (const gold of arguments_)
  addToScore(score, gold, extractFactors(gold.text, lexicon, { finishReason: gold.finish_reason }));

const micro = precisionRecallF1(score.units);
const show = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
const { found, gold } = score.recallByStyle.paraphrase;
console.log(
  [
    `held-out set 12 (${arguments_.length} arguments), rules ${RULES_EXTRACTOR_VERSION}, lexicon ${lexicon.version}`,
    SCORE_HEADER,
    scoreRow('held-out 12', score),
    '',
    `micro-F1 ${show(micro.f1)} (P ${show(micro.precision)}, R ${show(micro.recall)}; tp/fp/fn ${score.units.tp}/${score.units.fp}/${score.units.fn})`,
    `paraphrase recall ${show(paraphraseRecall(score))} (${found}/${gold})`,
    `recall by style: code ${show(score.recallByStyle.code.found / Math.max(1, score.recallByStyle.code.gold))} (${score.recallByStyle.code.found}/${score.recallByStyle.code.gold}), name ${show(score.recallByStyle.name.found / Math.max(1, score.recallByStyle.name.gold))} (${score.recallByStyle.name.found}/${score.recallByStyle.name.gold})`,
    `negated mentions counted as present: ${score.negatedAsPresent.length}${score.negatedAsPresent.length ? ` (${score.negatedAsPresent.join(', ')})` : ''}`,
    `factors put in a case the argument does not assert them for, while asserting them for another: ${score.excludedCase.length}${score.excludedCase.length ? ` (${score.excludedCase.join(', ')})` : ''}`,
    ...score.abstention.wrong.map((wrong) => `abstention miss: ${wrong}`),
    ...score.truncation.wrong.map((wrong) => `truncation miss: ${wrong}`),
  ].join('\n'),
);
