import { isPlyLabelLine } from '../argument-layout/ply-headings.ts';

/** A character range [start, end) of the text being read. */
export interface Span {
  start: number;
  end: number;
}

/** One sentence of the answer, with where it sits: its paragraph (ply) and whether it is a list item. */
export interface Sentence extends Span {
  /** Counts from 0; a blank line or a ply label ("Defendant's Counterargument:") starts the next. */
  paragraph: number;
  /** On a line that starts with a list marker ("- ", "* ", "1. "). */
  bulletLine: boolean;
  /** On a markdown heading line ("### TSC1 (P)"). */
  heading: boolean;
  /** The first sentence of its line. */
  lineStart: boolean;
  /** Ends with ":" (bold markers aside): a lead-in such as "Both cases involve:" before a list. */
  endsWithColon: boolean;
}

const BULLET = /^[ \t]*(?:[-*+•]|\d+[.)])[ \t]+/;
const HEADING = /^[ \t]*#{1,6}[ \t]+/;
// Sentence-final punctuation, then closing quotes/brackets/emphasis.
const SENTENCE_END = /[.!?]+["'”’)\]*_]*/g;
// Words whose final "." does not end a sentence.
const ABBREVIATION =
  /(?:^|[^A-Za-z])(?:e\.g|i\.e|etc|cf|vs?|inc|co|corp|ltd|no|mr|ms|mrs|dr|st|al|u\.s|fig|sec|para)$/i;
// Shorthand for the current case ("cur. lacks F2", "cur. & TSC1 both F4"): no sentence end before a
// word in lower-case Latin letters, a digit or a sign; one before a capital or another script
// ("… same as cur. π: TSC2 …", where "π" opens the plaintiff's next note).
const CASE_ABBREVIATION = /(?:^|[^A-Za-z])curr?$/i;
const AFTER_CASE_ABBREVIATION = /^\s+(?:[a-z0-9]|[^\p{L}\s])/u;

function inside(spans: readonly Span[], position: number): boolean {
  return spans.some((span) => position >= span.start && position < span.end);
}

/**
 * Splits an answer into sentences at ".", "!" or "?" followed by a space, and at every line break
 * (each list item is a sentence). Abbreviations ("e.g.", "Inc.", "No.") and protected spans (factor
 * mentions such as "F16:Info-reverse-engineerable") never end a sentence. Sentences are trimmed;
 * lines of markup only ("**", "---") yield none.
 *
 * @example splitSentences('TSC1 had F4. Here too.\nNext', []).length // 3
 */
export function splitSentences(text: string, protectedSpans: readonly Span[]): Sentence[] {
  const sentences: Sentence[] = [];
  let paragraph = 0;
  let brokeBefore = true;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    if (line.trim() === '') {
      if (!brokeBefore) paragraph += 1;
      brokeBefore = true;
    } else {
      // A ply label after a blank line opens no second paragraph, so only a line that follows
      // another is read for one (the heading test is the dearer condition).
      if (!brokeBefore && isPlyLabelLine(line)) paragraph += 1;
      brokeBefore = false;
      const marker = BULLET.exec(line) ?? HEADING.exec(line);
      const bulletLine = BULLET.test(line);
      const heading = !bulletLine && HEADING.test(line);
      let from = lineStart + (marker ? marker[0].length : 0);
      let first = true;
      SENTENCE_END.lastIndex = from;
      for (
        let match = SENTENCE_END.exec(text);
        match && match.index < lineEnd;
        match = SENTENCE_END.exec(text)
      ) {
        const end = match.index + match[0].length;
        const next = text[end];
        // "….", "plaintiff_rebuttal": "…" (JSON-like output): a closing quote then a comma ends one too.
        if (end < lineEnd && next !== ' ' && next !== '\t' && !(next === ',' && /["”]$/.test(match[0])))
          continue;
        if (match[0].startsWith('.') && ABBREVIATION.test(text.slice(from, match.index))) continue;
        if (
          match[0] === '.' &&
          CASE_ABBREVIATION.test(text.slice(from, match.index)) &&
          AFTER_CASE_ABBREVIATION.test(text.slice(end, lineEnd))
        )
          continue;
        if (inside(protectedSpans, match.index)) continue;
        if (pushSentence(sentences, text, from, end, paragraph, { bulletLine, heading }, first))
          first = false;
        from = end;
      }
      if (from < lineEnd)
        pushSentence(sentences, text, from, lineEnd, paragraph, { bulletLine, heading }, first);
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  return sentences;
}

/**
 * Adds text[start, end), trimmed, as a sentence unless it holds no letter or digit; whether it did.
 * (A module function, not a closure: the tsx runtime wraps every named closure it creates, at a
 * cost per call.)
 */
function pushSentence(
  sentences: Sentence[],
  text: string,
  start: number,
  end: number,
  paragraph: number,
  line: { bulletLine: boolean; heading: boolean },
  lineStart: boolean,
): boolean {
  const raw = text.slice(start, end);
  const leading = raw.length - raw.trimStart().length;
  const body = raw.trim();
  if (!/[A-Za-z0-9]/.test(body)) return false;
  sentences.push({
    start: start + leading,
    end: start + leading + body.length,
    paragraph,
    bulletLine: line.bulletLine,
    heading: line.heading,
    lineStart,
    endsWithColon: /:[\s*_]*$/.test(body),
  });
  return true;
}
