import nlp from 'compromise';
import { z } from 'zod';
import { answerRange } from '../shared/argument-layout/answer-range.ts';
import { type FactorId, sortFactorIds } from '../shared/factors.ts';
import { findFactorAnaphora } from '../shared/rules/anaphora.ts';
import { attributeMentions } from '../shared/rules/attribution.ts';
import { findCaseCues } from '../shared/rules/case-cues.ts';
import { resolveCaseCues } from '../shared/rules/case-references.ts';
import { findCodeMentions } from '../shared/rules/code-mentions.ts';
import { readWhoAndWhat } from '../shared/rules/extract.ts';
import { findHypotheticalWords } from '../shared/rules/hypotheticals.ts';
import type { Lexicon } from '../shared/rules/lexicon.ts';
import { resolveOverlaps } from '../shared/rules/mention-overlaps.ts';
import { findNameMentions, findPseudoNameMentions } from '../shared/rules/name-mentions.ts';
import { findNegationWords } from '../shared/rules/negation.ts';
import {
  type CompiledLexicon,
  compileLexicon,
  findParaphraseMentions,
} from '../shared/rules/paraphrase-mentions.ts';
import type { Opener, Segment } from '../shared/rules/segments.ts';
import { splitSegments } from '../shared/rules/segments.ts';
import { type Sentence, type Span, splitSentences } from '../shared/rules/sentences.ts';
import { matchWords, wordVocabulary } from '../shared/rules/words.ts';
import { precisionRecallF1 } from '../shared/stats/precision-recall-f1.ts';
import { CASES, type CaseId } from '../shared/vocabulary.ts';
import {
  type LabelledArgument,
  loadLabelledSet,
  loadLexicon,
} from '../test/fixtures/rules/labelled-arguments.ts';

/**
 * Measures the NLP library compromise (v14) against the hand-made pieces of shared/rules, one piece
 * at a time, on labelled arguments (docs/decisions/020-rules-nlp-library.md):
 * - `sentences`: compromise's sentence splitter, line by line (its offsets drift across line breaks
 *   and list markers), instead of `splitSentences`;
 * - `clauses`: compromise's clauses as the segments (the opener read off the first word) instead
 *   of `splitSegments`;
 * - `negation`: the words compromise tags #Negative instead of `findNegationWords`;
 * - `no-inflections`: the lexicon matched by the suffix stemmer alone, without the inflection
 *   tables compromise gives at compile time (the one place the rules use it).
 * For each: micro precision, recall, F1, paraphrase recall and negated mentions counted as present
 * (the computation of test/rules-extractor.test.ts), and arguments per second (CPU time, best of
 * five rounds; the rules are timed first and again last, since the first timing in a process
 * runs slower). Run: `npx tsx bench/compare-nlp.ts [SET…]` (default: the 81 arguments of the first
 * edition's figures).
 */

type Variant = 'rules' | 'sentences' | 'clauses' | 'negation' | 'no-inflections';

const jsonSentence = z.object({ text: z.string() });
const jsonTerm = z.object({ text: z.string(), tags: z.array(z.string()) });
const jsonTerms = z.object({ terms: z.array(jsonTerm) });

/** compromise's sentences of each line, mapped back to offsets by searching their text. */
function librarySentences(text: string, labelled: readonly Span[]): Sentence[] {
  const hand = splitSentences(text, labelled);
  const byLine = new Map<number, Sentence[]>();
  for (const sentence of hand) {
    const line = text.lastIndexOf('\n', sentence.start - 1) + 1;
    byLine.set(line, [...(byLine.get(line) ?? []), sentence]);
  }
  const out: Sentence[] = [];
  for (const group of byLine.values()) {
    const first = group[0];
    const last = group.at(-1);
    if (!first || !last) continue;
    const line = text.slice(first.start, last.end);
    let cursor = 0;
    let lineStart = true;
    for (const raw of z.array(jsonSentence).parse(nlp(line).json())) {
      const body = raw.text.trim();
      const at = line.indexOf(body.slice(0, 12), cursor);
      if (at === -1) continue;
      const end = Math.min(line.length, at + body.length);
      out.push({
        ...first,
        start: first.start + at,
        end: first.start + end,
        lineStart,
        endsWithColon: /:[\s*_]*$/.test(body),
      });
      lineStart = false;
      cursor = end;
    }
  }
  return out;
}

function openerOf(word: string, afterColon: boolean): Opener {
  if (afterColon) return 'colon';
  if (/^(?:but|whereas|while|whilst|although|though|however|unlike|yet)$/i.test(word)) return 'contrast';
  if (/^(?:which|where|who|whom|that)$/i.test(word)) return 'relative';
  if (/^(?:and|so)$/i.test(word)) return 'and';
  return 'punctuation';
}

/** compromise's clauses of each sentence as its segments. */
function libraryClauses(text: string, sentences: readonly Sentence[]): Segment[][] {
  return sentences.map((sentence) => {
    const body = text.slice(sentence.start, sentence.end);
    const segments: Segment[] = [];
    let cursor = 0;
    for (const clause of z.array(jsonSentence).parse(nlp(body).clauses().json())) {
      const clauseText = clause.text.trim();
      const at = body.indexOf(clauseText.slice(0, 10), cursor);
      if (at === -1) continue;
      const word = /^\W*([A-Za-z]+)/.exec(clauseText)?.[1] ?? '';
      const opener: Opener =
        segments.length === 0 ? 'start' : openerOf(word, body.slice(0, at).trimEnd().endsWith(':'));
      const previous = segments.at(-1);
      if (previous) previous.end = sentence.start + at;
      segments.push({ start: sentence.start + at, end: sentence.start + at + clauseText.length, opener });
      cursor = at + clauseText.length;
    }
    const [first] = segments;
    const last = segments.at(-1);
    if (!first || !last) return [{ start: sentence.start, end: sentence.end, opener: 'start' }];
    first.start = sentence.start;
    last.end = sentence.end;
    return segments;
  });
}

/** The words compromise tags #Negative, found in the text in order. */
function libraryNegations(text: string): Span[] {
  const spans: Span[] = [];
  let cursor = 0;
  for (const sentence of z.array(jsonTerms).parse(nlp(text).json())) {
    for (const term of sentence.terms) {
      const at = text.indexOf(term.text, cursor);
      if (at === -1) continue;
      cursor = at + term.text.length;
      if (term.tags.includes('Negative')) spans.push({ start: at, end: at + term.text.length });
    }
  }
  return spans;
}

function read(
  text: string,
  lexicon: Lexicon,
  compiled: CompiledLexicon,
  variant: Variant,
): Record<CaseId, FactorId[]> {
  const range = answerRange(text);
  const answer = text.slice(range.start, range.end);
  const labelled = [
    ...findCodeMentions(answer),
    ...findNameMentions(answer),
    ...findPseudoNameMentions(answer),
  ];
  const sentences =
    variant === 'sentences' ? librarySentences(answer, labelled) : splitSentences(answer, labelled);
  const paraphrases = findParaphraseMentions(
    answer,
    variant === 'no-inflections' ? compiled : compileLexicon(lexicon),
    sentences.map((sentence) => [sentence.start, sentence.end] as const),
    matchWords(answer, wordVocabulary(lexicon)),
  );
  const found = resolveOverlaps([...labelled, ...paraphrases]);
  const cues = findCaseCues(answer, lexicon);
  const segmentLists =
    variant === 'clauses'
      ? libraryClauses(answer, sentences)
      : splitSegments(
          answer,
          sentences,
          found,
          cues.map((cue) => cue.start),
          lexicon,
        );
  const segmented = sentences.map((sentence, index) => ({
    ...sentence,
    segments: segmentLists[index] ?? [],
  }));
  const segments = segmented.flatMap((sentence) => sentence.segments);
  const direct = readWhoAndWhat(answer, found, segments, sentences, lexicon);
  const mentions = [...direct, ...findFactorAnaphora(answer, sentences, direct, lexicon)].sort(
    (a, b) => a.start - b.start,
  );
  const negations = variant === 'negation' ? libraryNegations(answer) : findNegationWords(answer, lexicon);
  const attributed = attributeMentions(
    answer,
    segmented,
    mentions,
    resolveCaseCues(answer, cues, sentences, lexicon),
    negations.filter(
      (word) => !found.some((mention) => word.start >= mention.start && word.start < mention.end),
    ),
    findHypotheticalWords(answer, lexicon),
    lexicon,
  );
  const lists: Record<CaseId, FactorId[]> = { current: [], tsc1: [], tsc2: [] };
  for (const { mention, attributions } of attributed)
    for (const reading of attributions)
      if (reading.polarity === 'asserted' && reading.case !== null && mention.factor !== 'unlisted')
        lists[reading.case].push(mention.factor);
  return {
    current: sortFactorIds(lists.current),
    tsc1: sortFactorIds(lists.tsc1),
    tsc2: sortFactorIds(lists.tsc2),
  };
}

function score(
  items: readonly LabelledArgument[],
  lexicon: Lexicon,
  compiled: CompiledLexicon,
  variant: Variant,
): string {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let paraphraseFound = 0;
  let paraphraseGold = 0;
  let negatedAsPresent = 0;
  for (const gold of items) {
    const lists = read(gold.text, lexicon, compiled, variant);
    for (const caseId of CASES) {
      const expected = new Map(gold[caseId].map((unit) => [unit.factor, unit.style]));
      for (const factor of lists[caseId])
        if (expected.has(factor)) tp += 1;
        else fp += 1;
      for (const [factor, style] of expected) {
        const found = lists[caseId].includes(factor);
        if (!found) fn += 1;
        if (style === 'paraphrase') {
          paraphraseGold += 1;
          if (found) paraphraseFound += 1;
        }
      }
    }
    for (const negated of gold.negated)
      if (lists[negated.case].includes(negated.factor)) negatedAsPresent += 1;
  }
  // Warm up the variant's own code paths first: the first variant timed would otherwise pay for
  // the JIT and the garbage of the others.
  for (let round = 0; round < 3; round += 1)
    for (const gold of items) read(gold.text, lexicon, compiled, variant);
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round += 1) {
    const before = process.cpuUsage();
    for (const gold of items) read(gold.text, lexicon, compiled, variant);
    const used = process.cpuUsage(before);
    best = Math.min(best, (used.user + used.system) / items.length);
  }
  const figures = precisionRecallF1({ tp, fp, fn });
  const show = (value: number | null) => (value === null ? 'n/a' : value.toFixed(3));
  return [
    variant.padEnd(15),
    `${tp}/${fp}/${fn}`.padStart(12),
    show(figures.precision),
    show(figures.recall),
    show(figures.f1),
    `${(paraphraseFound / paraphraseGold).toFixed(3)} (${paraphraseFound}/${paraphraseGold})`.padStart(16),
    String(negatedAsPresent).padStart(4),
    `${Math.round(1e6 / best)}`.padStart(8),
  ].join('  ');
}

const sets = process.argv.slice(2);
const chosen = sets.length > 0 ? sets : ['arguments', 'holdout', 'holdout-2'];
const lexicon = loadLexicon();
const compiled = compileLexicon(lexicon, { inflections: false });
const items = chosen.flatMap((set) => loadLabelledSet(set as Parameters<typeof loadLabelledSet>[0]));
for (const gold of items) read(gold.text, lexicon, compiled, 'rules');
console.log(`compromise against the hand-made pieces, ${items.length} arguments (${chosen.join(', ')})`);
console.log('variant             tp/fp/fn      P      R     F1      paraphrase R  neg+  args/s (CPU)');
for (const variant of ['rules', 'sentences', 'clauses', 'negation', 'no-inflections', 'rules'] as const)
  console.log(score(items, lexicon, compiled, variant));
