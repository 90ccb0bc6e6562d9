import { answerRange } from '../argument-layout/answer-range.ts';
import { type FactorId, sortFactorIds } from '../factors.ts';
import { dedupeUnlisted, type UnlistedMention } from '../schemas/factor-list.ts';
import type { CaseId } from '../vocabulary.ts';
import { classifyAbstention } from './abstention.ts';
import { readAgent } from './agent.ts';
import { findFactorAnaphora } from './anaphora.ts';
import { attributeMentions, type SegmentedSentence } from './attribution.ts';
import { findCaseCues } from './case-cues.ts';
import { resolveCaseCues } from './case-references.ts';
import { findCodeMentions } from './code-mentions.ts';
import { addFrameMentions, compileFrames, findFrameMentions } from './frame-mentions.ts';
import { findHypotheticalWords } from './hypotheticals.ts';
import type { Lexicon } from './lexicon.ts';
import { absorbIntoCodes, resolveOverlaps } from './mention-overlaps.ts';
import { readPossibility } from './modality.ts';
import { findNameMentions, findPseudoNameMentions } from './name-mentions.ts';
import { findNegationWords } from './negation.ts';
import { compileLexicon, findParaphraseMentions } from './paraphrase-mentions.ts';
import { readRecipient } from './recipient.ts';
import { type Segment, splitSegments } from './segments.ts';
import { type Span, splitSentences } from './sentences.ts';
import { readSubjectMatter } from './subject-matter.ts';
import { isTruncated } from './truncation.ts';
import type { FoundMention, RulesExtraction, RulesMention } from './types.ts';
import { matchWords, wordVocabulary } from './words.ts';

/**
 * The mentions found, with the readings that depend on who did what and of what: phrases carried by
 * a code in their clause, reverse engineering under "could" (F16, not F25), independent development
 * by an employee (F3, not F17), an outsider's promise of confidentiality (F12, not F4), industry
 * knowledge about customers or suppliers (F11, not F20). Shared with bench/compare-nlp.ts, which
 * swaps other pieces of the pipeline.
 */
export function readWhoAndWhat(
  answer: string,
  found: readonly FoundMention[],
  segments: readonly Span[],
  sentences: readonly Span[],
  lexicon: Lexicon,
): FoundMention[] {
  const possible = readPossibility(answer, absorbIntoCodes(answer, found, segments), segments, lexicon);
  return readSubjectMatter(
    answer,
    readRecipient(answer, readAgent(answer, possible, segments, lexicon), sentences, lexicon),
    sentences,
    lexicon,
  );
}

export interface ExtractOptions {
  /** The generation's finish reason; `'length'` (the token limit) marks the response truncated. */
  finishReason?: string | null;
}

/**
 * Reads one generated 3-ply argument by rule and returns, per case, the factors it asserts as
 * present, with the evidence for each (the annotation guidelines are the specification):
 *
 * 1. the answer after a `<think>` trace is read; spans still point into the original `text`;
 * 2. mentions are found by code ("F4", "factor 4", "F4 Agreed-not-to-disclose (P)"), by name in
 *    every casing/hyphenation, by lexicon paraphrase, and as unlisted factors (F9, F30, a made-up
 *    "Market-dominance (P)"); overlaps are settled (codes first, then the longest) and a phrase
 *    labelled by a code is carried by the code; "these factors" / "the same factor" repeat the
 *    factors just mentioned; a paraphrase of reverse engineering under "could" / "would be able
 *    to" is the possibility (F16), not the act (F25); independent development by an employee ("on
 *    his own") is F3, not F17; industry knowledge about customers or suppliers is F11, not F20; a promise of confidentiality
 *    made by an outsider (a customer, a supplier, a co-packer) is F12, not F4;
 * 3. the answer is cut into sentences and clause-like segments; case words are resolved in context
 *    ("both cases", "the cited case", "the plaintiff's precedent" when the argument says who won);
 * 4. each mention gets its case(s) and polarity (`attributeMentions`);
 * 5. abstention and truncation are classified.
 *
 * A factor is listed for a case when at least one mention asserts it there. Mentions whose case
 * cannot be resolved are kept in `mentions` with `case: null` and listed nowhere.
 *
 * @example extractFactors('As in TSC1, the defendant signed an NDA (F4).', lexicon).current // ['F4']
 */
export function extractFactors(
  text: string,
  lexicon: Lexicon,
  options: ExtractOptions = {},
): RulesExtraction {
  const range = answerRange(text);
  const answer = text.slice(range.start, range.end);
  const abstention = classifyAbstention(answer);
  const truncated = isTruncated(answer, {
    finishReason: options.finishReason,
    unterminated: range.unterminated,
  });

  const labelled = [
    ...findCodeMentions(answer),
    ...findNameMentions(answer),
    ...findPseudoNameMentions(answer),
  ];
  const sentences = splitSentences(answer, labelled);
  const sentenceRanges = sentences.map((sentence) => [sentence.start, sentence.end] as const);
  // One word list for both matchers.
  const words = matchWords(answer, wordVocabulary(lexicon));
  const paraphrases = findParaphraseMentions(answer, compileLexicon(lexicon), sentenceRanges, words);
  const phrased = resolveOverlaps([...labelled, ...paraphrases]);
  const cues = findCaseCues(answer, lexicon);
  const found = addFrameMentions(
    answer,
    phrased,
    findFrameMentions(answer, compileFrames(lexicon), sentenceRanges, words),
    sentenceRanges,
    cues,
    lexicon,
  );
  const cueStarts = cues.map((cue) => cue.start);
  const segmentLists = splitSegments(answer, sentences, found, cueStarts, lexicon);
  // Field by field, not spread: a spread per sentence cost five times as much.
  const segmented = sentences.map(
    (sentence, index): SegmentedSentence => ({
      start: sentence.start,
      end: sentence.end,
      paragraph: sentence.paragraph,
      bulletLine: sentence.bulletLine,
      heading: sentence.heading,
      lineStart: sentence.lineStart,
      endsWithColon: sentence.endsWithColon,
      segments: segmentLists[index] ?? [],
    }),
  );
  const allSegments: Segment[] = [];
  for (const list of segmentLists) allSegments.push(...list);
  const direct = readWhoAndWhat(answer, found, allSegments, sentences, lexicon);
  const resolvedCues = resolveCaseCues(answer, cues, sentences, lexicon);
  // "The former" / "the latter" that names one of two cases is no reference to a factor.
  const ordinalCases = resolvedCues.filter((cue) => cue.target.kind === 'ordinal');
  const anaphora = findFactorAnaphora(answer, sentences, direct, lexicon).filter(
    (mention) =>
      mention.found !== 'anaphora.ordinal' ||
      !ordinalCases.some((cue) => cue.start < mention.end && mention.start < cue.end),
  );
  const mentions = [...direct, ...anaphora].sort((a, b) => a.start - b.start);
  const attributed = attributeMentions(
    answer,
    segmented,
    mentions,
    resolvedCues,
    // A negation word inside a mention found ("Agreed-not-to-disclose", "No-security-measures"),
    // even one later carried by a code, is part of a factor's wording, not a negation.
    findNegationWords(answer, lexicon).filter(
      (word) => !found.some((mention) => word.start >= mention.start && word.start < mention.end),
    ),
    findHypotheticalWords(answer, lexicon),
    lexicon,
  );

  const lists: Record<CaseId, FactorId[]> = { current: [], tsc1: [], tsc2: [] };
  const unlisted: UnlistedMention[] = [];
  const evidence: RulesMention[] = [];
  for (const { mention, attributions } of attributed) {
    for (const reading of attributions) {
      evidence.push({
        start: mention.start + range.start,
        end: mention.end + range.start,
        case: reading.case,
        factor: mention.factor,
        style: mention.style,
        polarity: reading.polarity,
        // The quoted wording; an unlisted factor keeps its label (side marker dropped).
        text: mention.factor === 'unlisted' ? mention.text : answer.slice(mention.start, mention.end),
        rules: [mention.found, ...(mention.reread ? [mention.reread] : []), ...reading.rules],
      });
      if (reading.polarity !== 'asserted' || reading.case === null) continue;
      if (mention.factor === 'unlisted') unlisted.push({ case: reading.case, text: mention.text });
      else lists[reading.case].push(mention.factor);
    }
  }
  return {
    current: sortFactorIds(lists.current),
    tsc1: sortFactorIds(lists.tsc1),
    tsc2: sortFactorIds(lists.tsc2),
    unlisted: dedupeUnlisted(unlisted),
    abstention,
    truncated,
    mentions: evidence,
  };
}
