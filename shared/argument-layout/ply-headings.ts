import { isWhiteSpace, skipWhiteSpace, trimEnd } from './white-space.ts';

/**
 * Ply headings: whether a line of an argument opens one of its three plies, by its words
 * ("Plaintiff's Argument:", "**Defendant's Counterargument:**", "### 3. Rebuttal", "Ply 1"), and
 * the clean label a heading shows. The workspace's layout and the rules extractor's paragraphs read
 * headings through this one module.
 */

/** The three plies of a 3-ply argument: the plaintiff's argument, the defendant's counterargument, the rebuttal. */
export type Ply = 'plaintiff' | 'defendant' | 'rebuttal';

/** How far into a line a heading may reach; longer lines are prose (unless marked with `#`). */
const HEADING_REACH = 160;
const PLY_WORDS_MAX = 8;
const BOLD_HEADING_WORDS_MAX = 10;
export interface HeadingMatch {
  start: number;
  end: number;
  label: string;
  ply: Ply | undefined;
  restStart: number;
}

// Words a ply heading may consist of ("Plaintiff's Argument", "Counter-argument by the defendant",
// "Ply 2", "Third part: Rebuttal"); anything else makes the line prose. "s" is the possessive.
const HEADING_WORDS = new Set([
  'plaintiff',
  'plaintiffs',
  'defendant',
  'defendants',
  'defense',
  'defence',
  's',
  'the',
  'a',
  'argument',
  'arguments',
  'counterargument',
  'counterarguments',
  'counter',
  'rebuttal',
  'rebuttals',
  'reply',
  'response',
  'ply',
  'part',
  'step',
  'section',
  'round',
  'opening',
  'initial',
  'final',
  'closing',
  'for',
  'by',
  'of',
  'on',
  'to',
  'behalf',
  '1',
  '2',
  '3',
  'i',
  'ii',
  'iii',
  'one',
  'two',
  'three',
  'first',
  'second',
  'third',
]);
const PLY_BY_NUMBER: Readonly<Record<string, Ply>> = {
  '1': 'plaintiff',
  '2': 'defendant',
  '3': 'rebuttal',
  i: 'plaintiff',
  ii: 'defendant',
  iii: 'rebuttal',
  one: 'plaintiff',
  two: 'defendant',
  three: 'rebuttal',
  first: 'plaintiff',
  second: 'defendant',
  third: 'rebuttal',
};
const PLAINTIFF_WORDS = new Set(['plaintiff', 'plaintiffs']);
const DEFENDANT_WORDS = new Set([
  'defendant',
  'defendants',
  'defense',
  'defence',
  'counterargument',
  'counterarguments',
  'counter',
]);

/** Lower-case words of a heading phrase, parentheticals ("(citing TSC1)") left out. */
export function headingWords(phrase: string): string[] {
  return phrase
    .replace(/\([^()]*\)?/g, ' ')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
}

export function isHeadingVocabulary(words: readonly string[]): boolean {
  return words.length > 0 && words.length <= PLY_WORDS_MAX && words.every((word) => HEADING_WORDS.has(word));
}

/**
 * The ply a heading's words name: "rebuttal" wins; else the first party named decides (the
 * plaintiff's "reply"/"response" is the rebuttal; "counterargument" is the defendant's); else a ply
 * number ("Ply 2", "Second", "Third ply", a list number "3.") — but not the digit of "3-ply".
 */
export function plyOfWords(words: readonly string[], listNumber: string | undefined): Ply | undefined {
  if (words.includes('rebuttal') || words.includes('rebuttals')) return 'rebuttal';
  for (const word of words) {
    if (PLAINTIFF_WORDS.has(word))
      return words.includes('reply') || words.includes('response') ? 'rebuttal' : 'plaintiff';
    if (DEFENDANT_WORDS.has(word)) return 'defendant';
  }
  const numbered = words.find(
    (word, index) => word in PLY_BY_NUMBER && !(/^\d$/.test(word) && words[index + 1] === 'ply'),
  );
  const number = numbered ?? listNumber;
  return number === undefined ? undefined : PLY_BY_NUMBER[number];
}

// A capitalised word, possibly in brackets or quotes: "Argument", "(Citing", "Defendant's".
const TITLE_WORD = /^[^A-Za-z0-9]*[A-Z][a-z'’]*[^A-Za-z0-9]*$/;

/** "PLAINTIFF'S ARGUMENT" or "Plaintiff's Argument" → "Plaintiff's argument"; acronyms (TSC1) kept. */
export function sentenceCase(phrase: string): string {
  const shouting = !/[a-z]/.test(phrase);
  const words = phrase.split(' ').map((word, index) => {
    if (shouting) return word.toLowerCase();
    return index > 0 && TITLE_WORD.test(word) ? word.toLowerCase() : word;
  });
  const joined = words.join(' ');
  return joined.charAt(0).toUpperCase() + joined.slice(1);
}

/** The clean label of a heading's raw words: markers and a final colon dropped, spaces collapsed. */
function headingLabel(raw: string): string {
  return sentenceCase(
    raw
      .replace(/[*_`#]+/g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*:$/, '')
      .trim(),
  );
}

const MARKDOWN_HEADING = /^#{1,6}(?:[ \t]+|$)/;
const LIST_MARKER = /^(?:(\d{1,2})[.)]|[-+*•>])[ \t]+/;

/** Skips a list marker ("3.", "2)", "-"), giving its number if it has one. */
function skipListMarker(line: string, at: number): { at: number; number: string | undefined } {
  const marker = LIST_MARKER.exec(line.slice(at));
  return marker ? { at: at + marker[0].length, number: marker[1] } : { at, number: undefined };
}

/** [from, to) of `line` without white space, emphasis markers, `#`s or a final colon at either end. */
function trimPhrase(line: string, from: number, to: number): { from: number; to: number } {
  let start = from;
  let end = to;
  const junk = (char: string | undefined) =>
    char === '*' || char === '_' || char === '#' || isWhiteSpace(char);
  while (start < end && junk(line[start])) start += 1;
  while (end > start && (junk(line[end - 1]) || line[end - 1] === ':')) end -= 1;
  return { from: start, to: end };
}

/**
 * The heading at the start of the trimmed line [start, end), when there is one: the candidates are the bold
 * phrase ("**…**"), the words before the first colon, and the whole line, tried in that order. A
 * heading ends within HEADING_REACH characters of the line's start, unless the line is marked `#`.
 */
export function recogniseHeading(text: string, start: number, end: number): HeadingMatch | undefined {
  const line = text.slice(start, end);
  let at = 0;
  const markdown = MARKDOWN_HEADING.exec(line);
  if (markdown) at = markdown[0].length;
  let listed = skipListMarker(line, at);
  at = listed.at;
  let boldClose = -1;
  if (line.startsWith('**', at) || line.startsWith('__', at)) {
    boldClose = line.indexOf(line.slice(at, at + 2), at + 2);
    at += 2;
    if (listed.number === undefined) {
      listed = skipListMarker(line, at);
      at = listed.at;
    }
  }

  const candidates: { to: number; rest: number; bold: boolean }[] = [];
  if (boldClose !== -1 && boldClose <= HEADING_REACH) {
    // After "**…**" an optional colon: "**Plaintiff's Argument**: …".
    let rest = boldClose + 2;
    while (rest < line.length && (line[rest] === ':' || isWhiteSpace(line[rest]))) rest += 1;
    candidates.push({ to: boldClose, rest, bold: true });
  }
  const colon = line.indexOf(':', at);
  if (colon !== -1 && colon <= HEADING_REACH) candidates.push({ to: colon, rest: colon + 1, bold: false });
  if (line.length <= HEADING_REACH || markdown)
    candidates.push({ to: line.length, rest: line.length, bold: false });

  for (const candidate of candidates) {
    const phrase = trimPhrase(line, at, candidate.to);
    if (phrase.from >= phrase.to) continue;
    const raw = line.slice(phrase.from, phrase.to);
    const words = headingWords(raw);
    const wholeLine = candidate.rest >= line.length;
    const ply = isHeadingVocabulary(words) ? plyOfWords(words, listed.number) : undefined;
    if (ply !== undefined) {
      // "Ply 1: Plaintiff's Argument": the words after the colon belong to the heading too.
      if (!wholeLine && isHeadingVocabulary(headingWords(line.slice(candidate.rest)))) {
        return match(start, trimPhrase(line, phrase.from, line.length), line, ply, line.length);
      }
      return match(start, phrase, line, ply, candidate.rest);
    }
    const shortBoldLine =
      candidate.bold && wholeLine && words.length <= BOLD_HEADING_WORDS_MAX && !raw.endsWith('.');
    const markdownLine = markdown !== null && candidate.to === line.length;
    if (shortBoldLine || markdownLine) return match(start, phrase, line, undefined, candidate.rest);
  }
  return undefined;
}

function match(
  offset: number,
  phrase: { from: number; to: number },
  line: string,
  ply: Ply | undefined,
  rest: number,
): HeadingMatch {
  return {
    start: offset + phrase.from,
    end: offset + phrase.to,
    label: headingLabel(line.slice(phrase.from, phrase.to)),
    ply,
    restStart: offset + rest,
  };
}

/**
 * Whether a line opens a ply — `recogniseHeading` finds a heading that names one at its start
 * ("Plaintiff's Argument:", "**Defendant's Counterargument:**", "### Plaintiff's Rebuttal",
 * "- Rebuttal: …"), exactly as the workspace shows it. The rules extractor starts a new paragraph
 * there and tells an argument from an abstention by it.
 *
 * @example isPlyLabelLine("**Plaintiff's Argument:** The input case …") // true
 */
export function isPlyLabelLine(line: string): boolean {
  const start = skipWhiteSpace(line, 0, line.length);
  const end = trimEnd(line, start, line.length);
  return start < end && recogniseHeading(line, start, end)?.ply !== undefined;
}

/** How many lines of `text` open a ply. */
export function countPlyLabels(text: string): number {
  let count = 0;
  for (const line of text.split('\n')) if (isPlyLabelLine(line)) count += 1;
  return count;
}
