import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { Span } from './sentences.ts';

/**
 * What opens a segment (a clause-like piece of a sentence), which decides how it inherits a case:
 * - `start`: the sentence's first segment;
 * - `colon`: after ":" — what follows speaks of what precedes ("TSC1: F16, F24", "TSC1 is
 *   distinguishable: its product …");
 * - `punctuation`: after ";" or a dash;
 * - `contrast`: "but", "whereas", "while", "although", "though", "however", "unlike", ", yet";
 * - `relative`: ", which", ", in which", ", neither of which", ", where", ", who", ") that", and
 *   appositions (", a factor …", ", something …", "(F6), a measure …", ", a waiver that …", ", a
 *   measure absent from …") — they speak of what came
 *   just before; a relative clause ends at a comma followed closely by a case word ("…, the data
 *   here"), where the main clause resumes (opener `resume`);
 * - `and`: ", and", ", so", ", because", "and instead", or "and"/"or"/"&"/"," before a case word once a factor
 *   has been mentioned ("TSC1 involves F2 and TSC2 involves F7", "The input case has F11, TSC1
 *   has F2").
 * - `resume`: where the main clause resumes after a relative clause (see `relative`).
 */
export type Opener = 'start' | 'punctuation' | 'colon' | 'contrast' | 'relative' | 'resume' | 'and';

export interface Segment extends Span {
  opener: Opener;
  /**
   * Opens with "and also featured / had / involved …": a second predicate of the clause's subject,
   * so after a sharing statement it speaks of the subject only, not of the case it shares with.
   */
  secondPredicate?: boolean;
  /**
   * The main clause, resumed after an opening subordinate clause ("Although the agreement was not
   * specific, the defendant knew …"): an "as in TSC1" in it does not reach back into the subordinate.
   */
  mainClause?: boolean;
}

// Segment boundaries. Each alternative names where the new segment begins: `p` punctuation (the
// segment starts after it), `c` a contrast word, `r1`…`r4` a relative word after a comma or ")",
// `a` "and"/"so"/"yet" after a comma. Written without look-behinds, which V8 runs slowly.
const patternsOf = definePatterns({
  BOUNDARY: [
    [
      // ", however," and ", though," inside a clause are interjections, not boundaries.
      '(?<x>,\\s*(?:however|though)\\s*,)',
      '(?<p>[;:]|\\s[—–-]\\s|—)',
      // A temporal "while" ("while the two companies were discussing a licence", "while still
      // employed") joins its clause to the statement; a contrasting one ("while TSC2 lacks it") cuts.
      '(?<c>\\b(?:(?!while\\s+(?:still\\s+)?(?:{temporal-while-after}|(?:[\\w-]+\\s+){0,3}(?:was|were)\\s+(?:still\\s+)?[a-z]+ing\\b)){contrast-word})\\b)',
      '[,)]\\**\\s*(?<r1>(?:{relative-lead}\\s+)?\\b{relative-word}\\b)',
      '\\)\\**\\s*(?<r2>\\bthat\\b)',
      ',\\s*(?<r3>{apposition-noun}\\b|(?:a|an)\\s+(?=(?:[\\w-]+\\s+){1,2}{apposition-predicate}\\b))',
      '\\)\\**\\s*,\\s*(?<r4>\\b(?:a|an)\\b)',
      // ", because …" gives a reason: a negation before it ("is not decisive, because the defendant
      // used …") does not reach into it.
      ',\\s*(?<a>\\b{clause-conjunction}\\b)',
      '(?<i>\\band\\s+instead\\b)',
      // "TSC1, which shares F10 with the input case and also featured F23": a second verb of its
      // own subject, not of the partner named after "with".
      '(?<v>\\band\\s+{additive-conjunction}\\s+(?={second-predicate-verb}\\b))',
    ].join('|'),
    'gi',
  ],
  // A subordinating conjunction opening a sentence (a clause follows it, unlike "unlike TSC2, …").
  // A ply label may stand before it ("Plaintiff's Argument: Whereas …").
  SUBORDINATE_START: ['^(?:[^:.;]{0,40}:\\s*)?\\W*(?:(?:and|but|yet|so)\\s+)?{subordinator}\\b', 'i'],
  // A subordinating contrast word that opens a clause of its own: after "for", "because", "since",
  // ";" or ":" ("…, for whereas TSC1 had never …, the plaintiff here …").
  SUBORDINATOR: ['^(?:whereas|although|though|while|whilst)\\b', 'i'],
  OPENS_CLAUSE_BEFORE: ['(?:[;:]|\\b{opens-subordinate-before})\\s*$', 'i'],
});
type Patterns = ReturnType<typeof patternsOf>;

interface Cut {
  at: number;
  startAt: number;
  opener: Opener;
  /** Cut even where an "and" would not be (no comma and no mention before it): "and instead". */
  always?: boolean;
  /** "and also featured …": a second predicate of the subject (`Segment.secondPredicate`). */
  afterShare?: boolean;
  /** The main clause resumes after an opening subordinate clause (`Segment.mainClause`). */
  mainClause?: boolean;
}

/**
 * Every boundary of `text` as a cut, in text order (one regex pass over the whole answer). Every
 * named group ends where its match ends, so a group starts at the match's end less its length (no
 * `d` flag: match indices allocate arrays for every match).
 */
function boundaries(text: string, BOUNDARY: RegExp): Cut[] {
  const cuts: Cut[] = [];
  BOUNDARY.lastIndex = 0;
  for (let match = BOUNDARY.exec(text); match; match = BOUNDARY.exec(text)) {
    const groups = match.groups;
    if (!groups) continue;
    const end = match.index + match[0].length;
    const relative = groups.r1 ?? groups.r2 ?? groups.r3 ?? groups.r4;
    if (groups.x !== undefined) {
      // no cut
    } else if (groups.p !== undefined)
      cuts.push({
        at: end - groups.p.length,
        startAt: end,
        opener: match[0] === ':' ? 'colon' : 'punctuation',
      });
    else if (groups.c !== undefined) {
      const at = end - groups.c.length;
      cuts.push({ at, startAt: at, opener: 'contrast' });
    } else if (groups.i !== undefined) {
      const at = end - groups.i.length;
      cuts.push({ at, startAt: at, opener: 'and', always: true });
    } else if (groups.v !== undefined) {
      const at = end - groups.v.length;
      cuts.push({ at, startAt: at, opener: 'and', afterShare: true });
    } else if (groups.a !== undefined) {
      const at = end - groups.a.length;
      cuts.push({ at, startAt: at, opener: match[0].endsWith('yet') ? 'contrast' : 'and' });
    } else if (relative !== undefined) {
      const at = end - relative.length;
      cuts.push({ at, startAt: at, opener: 'relative' });
    }
    // An empty match must not stall the search.
    BOUNDARY.lastIndex = Math.max(match.index + 1, end);
  }
  return cuts;
}

// How far after a comma a case word may stand for the main clause to resume there.
const RESUME_REACH = 30;
const AND_BEFORE = /(?:\band|\bor|&|,)\s+(?:(?:in|for|with)\s+)?$/i;

/** Where each subordinate clause that opens a clause of the sentence begins its words (after the conjunction). */
function subordinateOpenings(
  patterns: Patterns,
  text: string,
  sentence: Span,
  cuts: readonly Cut[],
): number[] {
  const { SUBORDINATE_START, SUBORDINATOR, OPENS_CLAUSE_BEFORE } = patterns;
  const openings: number[] = [];
  const opening = SUBORDINATE_START.exec(text.slice(sentence.start, sentence.end));
  if (opening) openings.push(sentence.start + opening[0].length);
  for (const cut of cuts) {
    if (cut.opener !== 'contrast' || cut.at <= sentence.start) continue;
    const word = SUBORDINATOR.exec(text.slice(cut.at, cut.at + 10));
    if (word && OPENS_CLAUSE_BEFORE.test(text.slice(Math.max(sentence.start, cut.at - 12), cut.at)))
      openings.push(cut.at + word[0].length);
  }
  return openings;
}

function inside(spans: readonly Span[], position: number): boolean {
  return spans.some((span) => position >= span.start && position < span.end);
}

/** Whether text[from, to) holds nothing but mentions and list punctuation ("F4, F6"). */
function onlyMentions(text: string, from: number, to: number, mentions: readonly Span[]): boolean {
  let rest = '';
  let at = from;
  for (const mention of mentions) {
    if (mention.end <= from || mention.start >= to) continue;
    rest += text.slice(at, Math.max(at, mention.start));
    at = Math.max(at, mention.end);
  }
  rest += text.slice(at, to);
  return /^[\s,*()/]*$/.test(rest);
}

function hasMention(from: number, to: number, mentions: readonly Span[]): boolean {
  return mentions.some((mention) => mention.start >= from && mention.start < to);
}

/**
 * Splits each sentence into segments at the boundaries `Opener` lists, never inside a mention.
 * A ", and" between bare mentions ("F4, F6, and F10 are absent") does not split. `cueStarts`
 * (sorted) are where case words begin, for the "and TSC2 …" rule. Returns one list per sentence.
 *
 * @example splitSegments('F7 was in TSC1 but not here', [{ start: 0, end: 27 }], [], [], lexicon)[0]?.map((s) => s.opener) // ['start', 'contrast']
 */
export function splitSegments(
  text: string,
  sentences: readonly Span[],
  mentions: readonly Span[],
  cueStarts: readonly number[],
  lexicon: Lexicon,
): Segment[][] {
  const patterns = patternsOf(lexicon);
  const allCuts = boundaries(text, patterns.BOUNDARY);
  let next = 0;
  return sentences.map((sentence) => {
    while (next < allCuts.length && (allCuts[next]?.at ?? 0) < sentence.start) next += 1;
    const cuts: Cut[] = [];
    for (let index = next; index < allCuts.length; index += 1) {
      const cut = allCuts[index];
      if (!cut || cut.at >= sentence.end) break;
      if (!inside(mentions, cut.at)) cuts.push(cut);
    }
    return segmentsOf(patterns, text, sentence, cuts, mentions, cueStarts);
  });
}

/**
 * Whether the "and" at `at` joins two case words under "both" ("F4 in both the input case and
 * TSC2 (P won)"): one statement about two cases, not a second clause.
 */
function coordinatedByBoth(text: string, sentence: Span, cueStarts: readonly number[], at: number): boolean {
  const previous = cueStarts.filter((cue) => cue >= sentence.start && cue < at).at(-1);
  if (previous === undefined || at - previous > 40) return false;
  return (
    /\bboth\s+$/i.test(text.slice(Math.max(sentence.start, previous - 8), previous)) &&
    !/[,;:]/.test(text.slice(previous, at))
  );
}

function segmentsOf(
  patterns: Patterns,
  text: string,
  sentence: Span,
  found: Cut[],
  mentions: readonly Span[],
  cueStarts: readonly number[],
): Segment[] {
  const cuts = [...found];
  for (const cue of cueStarts) {
    if (cue <= sentence.start || cue >= sentence.end) continue;
    const before = AND_BEFORE.exec(text.slice(Math.max(sentence.start, cue - 20), cue));
    if (!before) continue;
    const at = cue - before[0].length;
    if (coordinatedByBoth(text, sentence, cueStarts, at)) continue;
    if (!cuts.some((cut) => cut.at === at)) cuts.push({ at, startAt: at, opener: 'and' });
  }
  cuts.sort((a, b) => a.at - b.at);
  // A relative clause ends at the comma where the main clause resumes with a case word of its own:
  // "unlike TSC2, where the information could be found in reports, the data here was …".
  // (The cuts found so far only: those this loop adds come after them.)
  const existing = cuts.length;
  for (let index = 0; index < existing; index += 1) {
    const cut = cuts[index];
    if (cut?.opener !== 'relative') continue;
    const limit = cuts[index + 1]?.at ?? sentence.end;
    for (
      let comma = text.indexOf(',', cut.at);
      comma !== -1 && comma < limit;
      comma = text.indexOf(',', comma + 1)
    ) {
      if (inside(mentions, comma)) continue;
      if (cueStarts.some((cue) => cue > comma && cue <= comma + RESUME_REACH && cue < limit)) {
        cuts.push({ at: comma, startAt: comma + 1, opener: 'resume' });
        break;
      }
    }
  }
  cuts.sort((a, b) => a.at - b.at);
  // A clause that opens with a subordinate clause ("Although the input case shares F8 with TSC1,
  // it does not share F15"; "The analogy fails, for whereas TSC1 had never …, the plaintiff here
  // displayed …") resumes its main clause at the first comma after it.
  for (const openingEnd of subordinateOpenings(patterns, text, sentence, cuts)) {
    // An "and"-cut at a comma before a case word ("…, the input case had F5") is this resumption.
    const firstCut = cuts.find((cut) => cut.at > openingEnd && cut.opener !== 'and')?.at ?? sentence.end;
    for (
      let comma = text.indexOf(',', openingEnd);
      comma !== -1 && comma < firstCut;
      comma = text.indexOf(',', comma + 1)
    ) {
      if (inside(mentions, comma)) continue;
      if (/^\s*\w+\s+\w+/.test(text.slice(comma + 1, sentence.end))) {
        const kept = cuts.filter((cut) => cut.at !== comma);
        kept.push({ at: comma, startAt: comma + 1, opener: 'resume', mainClause: true });
        kept.sort((a, b) => a.at - b.at);
        cuts.splice(0, cuts.length, ...kept);
      }
      break;
    }
  }

  const segments: Segment[] = [];
  let start = sentence.start;
  let opener: Opener = 'start';
  let secondPredicate = false;
  let mainClause = false;
  for (const cut of cuts) {
    if (cut.at < start) continue;
    // "but unlike TSC2, …": a contrast word right before another is one boundary, not a segment.
    // "Nor, unlike TSC1's plaintiff, did the plaintiff here …": a lone "nor" stays with its clause.
    if (cut.opener === 'contrast' && /^\s*(?:but|and|yet|nor|neither),?\s*$/i.test(text.slice(start, cut.at)))
      continue;
    if (text.slice(start, cut.at).trim() === '') {
      // A boundary word opening the segment ("Unlike TSC1, …", ": but …") only names its kind.
      if (cut.opener !== 'punctuation' && cut.opener !== 'colon') opener = cut.opener;
      start = Math.max(start, cut.startAt);
      continue;
    }
    if (
      cut.opener === 'and' &&
      /,\s*$/.test(text.slice(start, cut.at)) &&
      onlyMentions(text, start, cut.at, mentions)
    )
      continue;
    if (
      cut.opener === 'and' &&
      !cut.always &&
      !/,\s*$/.test(text.slice(start, cut.at)) &&
      !hasMention(start, cut.at, mentions)
    )
      continue;
    segments.push(segmentOf(start, cut.at, opener, secondPredicate, mainClause));
    start = cut.startAt;
    opener = cut.opener;
    secondPredicate = cut.afterShare === true;
    mainClause = cut.mainClause === true;
  }
  segments.push(segmentOf(start, sentence.end, opener, secondPredicate, mainClause));
  return segments;
}

/** A segment, with its optional flags only when set. */
function segmentOf(
  start: number,
  end: number,
  opener: Opener,
  secondPredicate: boolean,
  mainClause: boolean,
): Segment {
  const segment: Segment = { start, end, opener };
  if (secondPredicate) segment.secondPredicate = true;
  if (mainClause) segment.mainClause = true;
  return segment;
}
