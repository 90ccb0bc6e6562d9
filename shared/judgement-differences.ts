import { sameSpan } from './adjudication/apply-decision.ts';
import type { Judgement, Span } from './schemas/annotation.ts';
import { CASES, inCase } from './vocabulary.ts';

/** One way two versions of a judgement differ (or, for a summary, what one version holds), in words. */
export interface JudgementLine {
  readonly aspect: 'factors' | 'unlisted' | 'marks' | 'flags' | 'comment';
  readonly text: string;
}

/** How many items a line names before it says "and N more". */
const NAMED = 4;
/** How much of a comment a line quotes. */
const QUOTED = 80;

const FLAGS = [
  ['abstained', 'Abstained'],
  ['exact_phrase', 'the exact phrase'],
  ['truncated', 'Truncated'],
] as const;

function listed(items: readonly string[]): string {
  const named = items.slice(0, NAMED).join(', ');
  return items.length > NAMED ? `${named} and ${items.length - NAMED} more` : named;
}

/** "F6 in the input case", for every ticked factor, in case then catalogue order. */
function ticked(judgement: Judgement): string[] {
  return CASES.flatMap((caseId) => judgement[caseId].map((factor) => `${factor} ${inCase(caseId)}`));
}

function unlisted(judgement: Judgement): string[] {
  return judgement.unlisted.map((mention) => `“${mention.text}” ${inCase(mention.case)}`);
}

/** A mark in words: "F6 in the input case (“the words”)", the words from the text when it is given. */
function markWords(span: Span, text: string | undefined): string {
  const factor = span.factor === 'unlisted' ? `“${span.text ?? ''}”` : span.factor;
  const words = text?.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  const quoted = words ? ` (“${words.length > 40 ? `${words.slice(0, 37)}…` : words}”)` : '';
  return `${factor} ${inCase(span.case)}${span.polarity === 'negated' ? ', negated' : ''}${quoted}`;
}

function quote(comment: string | undefined): string {
  if (!comment) return 'none';
  const flat = comment.replace(/\s+/gu, ' ').trim();
  return `“${flat.length > QUOTED ? `${flat.slice(0, QUOTED - 1)}…` : flat}”`;
}

function onlyIn(first: readonly string[], second: readonly string[]): string[] {
  const other = new Set(second);
  return first.filter((item) => !other.has(item));
}

/** "ticked in theirs only: F6 in the input case; in yours only: F4 in TSC1". */
function sides(what: string, theirsOnly: readonly string[], mineOnly: readonly string[]): string {
  return [
    theirsOnly.length > 0 ? `${what} in theirs only: ${listed(theirsOnly)}` : '',
    mineOnly.length > 0 ? `${what} in yours only: ${listed(mineOnly)}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}

/**
 * Every way the saved version of a judgement ("theirs", from another tab or device) differs from
 * the one on this screen ("yours"), one line per aspect that differs — ticked factors, unlisted
 * factors, marks (compared whole: range, case, factor, style, polarity), flags, comment — so a
 * conflict names each difference instead of a count. `text` (the argument) lets a mark quote its
 * words. Identical judgements give []. Pure.
 *
 * @example judgementDifferences({ ...j, abstained: true }, j) // [{ aspect: 'flags', text: 'Abstained: set in theirs, not in yours' }]
 */
export function judgementDifferences(theirs: Judgement, mine: Judgement, text?: string): JudgementLine[] {
  const lines: JudgementLine[] = [];
  const factors = sides('ticked', onlyIn(ticked(theirs), ticked(mine)), onlyIn(ticked(mine), ticked(theirs)));
  if (factors) lines.push({ aspect: 'factors', text: `Factors ${factors}.` });
  const other = sides(
    'recorded',
    onlyIn(unlisted(theirs), unlisted(mine)),
    onlyIn(unlisted(mine), unlisted(theirs)),
  );
  if (other) lines.push({ aspect: 'unlisted', text: `Unlisted factors ${other}.` });
  const theirMarks = theirs.spans.filter((span) => !mine.spans.some((other) => sameSpan(span, other)));
  const myMarks = mine.spans.filter((span) => !theirs.spans.some((other) => sameSpan(span, other)));
  if (theirMarks.length + myMarks.length > 0)
    lines.push({
      aspect: 'marks',
      text: `Marks ${sides(
        'kept',
        theirMarks.map((span) => markWords(span, text)),
        myMarks.map((span) => markWords(span, text)),
      )}.`,
    });
  for (const [flag, name] of FLAGS)
    if (theirs[flag] !== mine[flag])
      lines.push({
        aspect: 'flags',
        text: `${name}: ${theirs[flag] ? 'set in theirs, not in yours' : 'set in yours, not in theirs'}.`,
      });
  if ((theirs.comment ?? '') !== (mine.comment ?? ''))
    lines.push({
      aspect: 'comment',
      text: `Comment: theirs ${quote(theirs.comment)}, yours ${quote(mine.comment)}.`,
    });
  return lines;
}

/**
 * What one version of a judgement holds, one line per aspect — the factors it ticks, its unlisted
 * factors, how many marks, the flags it sets, its comment — for when there is no other version on
 * hand to compare it with. Every aspect has its line, "none" included, so nothing reads as absent.
 *
 * @example judgementSummary(emptyJudgement()).map((line) => line.text)
 * // ['Factors ticked: none.', 'Unlisted factors: none.', 'Marks: none.', 'Flags: none set.', 'Comment: none.']
 */
export function judgementSummary(judgement: Judgement): JudgementLine[] {
  const factors = ticked(judgement);
  const others = unlisted(judgement);
  const flags = FLAGS.filter(([flag]) => judgement[flag]).map(([, name]) => name);
  return [
    { aspect: 'factors', text: `Factors ticked: ${factors.length === 0 ? 'none' : listed(factors)}.` },
    { aspect: 'unlisted', text: `Unlisted factors: ${others.length === 0 ? 'none' : listed(others)}.` },
    { aspect: 'marks', text: `Marks: ${judgement.spans.length === 0 ? 'none' : judgement.spans.length}.` },
    { aspect: 'flags', text: `Flags: ${flags.length === 0 ? 'none set' : flags.join(', ')}.` },
    { aspect: 'comment', text: `Comment: ${quote(judgement.comment)}.` },
  ];
}
