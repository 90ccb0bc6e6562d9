import { countPlyLabels } from '../argument-layout/ply-headings.ts';
import { ABSTENTION_PHRASE } from '../vocabulary.ts';
import type { Abstention } from './types.ts';

// A run of white space that is not already one space: the same runs `\s+` finds, less the single
// spaces, which replacing by a space leaves as they were (half the cost of the pass on prose).
const WHITE_RUN = /\s{2,}|[^\S ]/g;

/** Lower case, emphasis and quotes dropped, white space collapsed. */
function flatten(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`"“”]/g, '')
    .replace(WHITE_RUN, ' ')
    .trim();
}

/** As `flatten`, but a run of white space with a line break in it stays one line break. */
function flattenLines(text: string): string {
  return text
    .toLowerCase()
    .replace(/[*_`"“”]/g, '')
    .replace(/\s+/g, (space) => (space.includes('\n') ? '\n' : ' '))
    .trim();
}

const EXACT_PHRASE = flatten(ABSTENTION_PHRASE);
// The phrase as a sentence: after the start, a sentence's end or a line break ("Re: …\n\nNo common
// factor between …" in a memo's body), a list item's marker between ("• No common factor …" on a slide).
const EXACT = new RegExp(
  `(?:^|[.!?:]\\s|\\n)[ \\t]*(?:(?:[-*+•◦▪‣]|\\d{1,2}[.)])[ \\t]+)?${EXACT_PHRASE.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*(?:[.!]|$|\\s)`,
);

// Declining in other words: "no common factors", "the cases share no factors", "does not share a
// common factor", "no factors in common", "cannot make an argument", "unable to construct a 3-ply
// argument", "no argument can be made", "a 3-ply argument therefore cannot be generated".
const NEAR_MISS = new RegExp(
  [
    '\\bno (?:common|shared|overlapping) factors?\\b',
    '\\b(?:share|shares|have|has) no (?:common |shared )?factors?\\b',
    '\\b(?:do|does|did) not (?:share|have) (?:a|any) (?:common |shared )?factors?\\b',
    '\\bno factors? (?:in common|overlap)',
    '\\bnone of the(?:se)? factors overlap',
    "\\b(?:cannot|can not|can't|can’t|unable to|not possible to|impossible to) (?:make|construct|generate|build|form|present|create|formulate|provide|write|produce|draft|offer) (?:a |an |any |the )?(?:valid )?(?:3-ply |three-ply |three-part |3-part )?argument",
    '\\bno (?:3-ply |three-ply )?argument (?:can|could) be (?:made|constructed|formed|generated)',
    '\\bargument (?:\\w+ )?(?:cannot|can not|could not) be (?:made|constructed|formed|generated|built|given)',
    '\\bno argument is possible',
  ].join('|'),
);

/**
 * Whether a delivered answer abstains (guidelines, "Abstention"):
 * - `none` when it argues — two or more ply labels ("Plaintiff's Argument:", "Rebuttal:") — whatever
 *   else it says, or when it never declines;
 * - `exact` when it contains the study's phrase "No common factor between the input case and the
 *   TSC1/TSC2" as a sentence (whatever the case, emphasis, trailing period or white space), even if it then
 *   lists factors;
 * - `near_miss` when it declines in other words ("the cases share no factors", "I cannot make an
 *   argument", "No common factor between the input case and TSC1/TSC2").
 *
 * @example classifyAbstention('no common factor between the input case and the tsc1/tsc2') // 'exact'
 */
export function classifyAbstention(answer: string): Abstention {
  const flat = flatten(answer);
  // The phrase in the line-keeping flattening is the phrase in `flat` too (its spaces were runs of
  // white space without a line break), so an answer whose `flat` lacks it skips both tests.
  const declines =
    flat.includes(EXACT_PHRASE) && (EXACT.test(flat) || EXACT.test(flattenLines(answer)))
      ? 'exact'
      : NEAR_MISS.test(flat)
        ? 'near_miss'
        : 'none';
  // The ply labels are counted only for an answer that declines: they can only turn a decline into
  // 'none', and reading every line for headings is the dearer test (most answers never decline).
  return declines !== 'none' && countPlyLabels(answer) >= 2 ? 'none' : declines;
}

/** Whether `answer` ends with the study's abstention phrase (which has no final period of its own). */
export function endsWithAbstentionPhrase(answer: string): boolean {
  return flatten(answer).replace(/[.!]$/, '').endsWith(EXACT_PHRASE);
}
