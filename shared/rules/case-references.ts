import type { CaseId, Outcome } from '../vocabulary.ts';
import type { CaseCue } from './case-cues.ts';
import { definePatterns } from './grammar.ts';
import type { Lexicon } from './lexicon.ts';
import type { Sentence, Span } from './sentences.ts';

type Precedent = 'tsc1' | 'tsc2';

/** A case cue with what it refers to in this argument; `null` stands for a precedent it does not identify. */
export interface ResolvedCue extends CaseCue {
  cases: ReadonlyArray<CaseId | null>;
  /** The paragraph (ply) the cue stands in. */
  paragraph: number;
}

// Who won a precedent, as arguments say it: "where the plaintiff won", "decided for the defendant",
// "in the plaintiff's favor", "(outcome: plaintiff)", "(plaintiff won)", "a defendant win",
// "won by the plaintiff", "sided with the plaintiff", "TSC2 for the plaintiff". Group 1…n: the side.
const patternsOf = definePatterns({
  OUTCOME: [
    [
      "\\b(plaintiff|defendant)(?:['’]s)?\\s+{win-word}\\b",
      '\\b{decision-verb}\\s+(?:in\\s+favou?r\\s+of|for)\\s+the\\s+(plaintiff|defendant)\\b',
      "\\bin\\s+(?:the\\s+)?(plaintiff|defendant)['’]s\\s+favou?r\\b",
      '\\b(?:won|decided)\\s+by\\s+the\\s+(plaintiff|defendant)\\b',
      '\\boutcome\\s*:?\\s*(plaintiff|defendant)\\b',
      '\\(\\s*(plaintiff|defendant)(?:\\s+(?:won|prevailed))?\\s*\\)',
      '\\bsided\\s+with\\s+the\\s+(plaintiff|defendant)\\b',
      '\\bTSC\\s*[-#]?\\s*[12]\\s+for\\s+the\\s+(plaintiff|defendant)\\b',
    ].join('|'),
    'gi',
  ],
  // "The plaintiff cites TSC2", "the defendant relies on TSC 1", "offers TSC 2 as a counterexample".
  CITES: ['\\b(plaintiff|defendant)\\s+{citing-verb}\\b', 'gi'],
});
const COUNTEREXAMPLE = /counter-?example/i;

function precedentOf(cue: CaseCue): Precedent | null {
  if (cue.target.kind !== 'cases' || cue.target.cases.length !== 1) return null;
  const only = cue.target.cases[0];
  return only === 'tsc1' || only === 'tsc2' ? only : null;
}

function sideOf(match: RegExpExecArray): Outcome {
  const side = match.slice(1).find((group) => group !== undefined) ?? '';
  return side.toLowerCase() === 'plaintiff' ? 'plaintiff' : 'defendant';
}

/** The explicit precedent cue nearest before `position` in the sentence, else the nearest after it. */
function nearestPrecedent(cues: readonly CaseCue[], sentence: Span, position: number): Precedent | null {
  let before: Precedent | null = null;
  let after: Precedent | null = null;
  for (const cue of cues) {
    if (cue.start < sentence.start || cue.start >= sentence.end) continue;
    const precedent = precedentOf(cue);
    if (!precedent) continue;
    if (cue.start <= position) before = precedent;
    else if (!after) after = precedent;
  }
  return before ?? after;
}

/**
 * For spans [start, end) asked in increasing order of start, the sentence that holds each whole,
 * or undefined (one pass over the sentences in all).
 */
function sentenceFinder(
  sentences: readonly Sentence[],
): (start: number, end: number) => Sentence | undefined {
  let index = 0;
  return (start, end) => {
    while (index < sentences.length && (sentences[index]?.end ?? 0) <= start) index += 1;
    const sentence = sentences[index];
    return sentence && sentence.start <= start && end <= sentence.end ? sentence : undefined;
  };
}

/** side → precedent, keeping a side only when the argument ties it to exactly one precedent and vice versa. */
function consistent(pairs: ReadonlyArray<readonly [Precedent, Outcome]>): Map<Outcome, Precedent> {
  const sidesOf = new Map<Precedent, Set<Outcome>>();
  for (const [precedent, side] of pairs)
    sidesOf.set(precedent, (sidesOf.get(precedent) ?? new Set()).add(side));
  const bySide = new Map<Outcome, Set<Precedent>>();
  for (const [precedent, sides] of sidesOf) {
    if (sides.size !== 1) continue;
    for (const side of sides) bySide.set(side, (bySide.get(side) ?? new Set()).add(precedent));
  }
  const result = new Map<Outcome, Precedent>();
  for (const [side, precedents] of bySide) {
    const [only] = [...precedents];
    if (precedents.size === 1 && only) result.set(side, only);
  }
  return result;
}

/**
 * What the argument itself says about the precedents' roles: who won each ("TSC1, where the
 * plaintiff won"), who cites each ("the defendant cites TSC2") and which is the counterexample
 * ("offers TSC 2 as a counterexample"). Contradictions drop the role.
 */
export function precedentRoles(
  text: string,
  cues: readonly CaseCue[],
  sentences: readonly Sentence[],
  lexicon: Lexicon,
): { won: Map<Outcome, Precedent>; cited: Map<Outcome, Precedent>; counterexample: Precedent | null } {
  const { OUTCOME, CITES } = patternsOf(lexicon);
  const outcomes: Array<readonly [Precedent, Outcome]> = [];
  const citations: Array<readonly [Precedent, Outcome]> = [];
  const counterexamples = new Set<Precedent>();
  // One pass of each pattern over the whole answer (not one per sentence), each match placed in
  // the sentence it stands in; a match outside every sentence, or running past its end, is dropped.
  const sentenceAt = sentenceFinder(sentences);
  OUTCOME.lastIndex = 0;
  for (let match = OUTCOME.exec(text); match; match = OUTCOME.exec(text)) {
    const sentence = sentenceAt(match.index, match.index + match[0].length);
    if (!sentence) continue;
    const precedent = nearestPrecedent(cues, sentence, match.index);
    if (precedent) outcomes.push([precedent, sideOf(match)]);
  }
  const citeAt = sentenceFinder(sentences);
  CITES.lastIndex = 0;
  for (let match = CITES.exec(text); match; match = CITES.exec(text)) {
    const sentence = citeAt(match.index, match.index + match[0].length);
    if (!sentence) continue;
    const from = match.index;
    const after = cues.find((cue) => cue.start > from && cue.start < sentence.end);
    const precedent = after ? precedentOf(after) : null;
    if (precedent) citations.push([precedent, sideOf(match)]);
  }
  if (COUNTEREXAMPLE.test(text))
    for (const sentence of sentences) {
      if (!COUNTEREXAMPLE.test(text.slice(sentence.start, sentence.end))) continue;
      const named = new Set(
        cues
          .filter((cue) => cue.start >= sentence.start && cue.start < sentence.end)
          .map(precedentOf)
          .filter((precedent) => precedent !== null),
      );
      if (named.size === 1) for (const precedent of named) counterexamples.add(precedent);
    }
  const [counterexample] = [...counterexamples];
  return {
    won: consistent(outcomes),
    cited: consistent(citations),
    counterexample: counterexamples.size === 1 && counterexample ? counterexample : null,
  };
}

/**
 * The precedent in focus while reading: the one named most recently in the paragraph, else the
 * only one named so far. (A class rather than closures: the tsx runtime wraps every named closure
 * it creates, which costs more than the reading itself.)
 */
// Nothing but white space and markup before a word: it opens its sentence.
const OPENS_SENTENCE = /^[\s*_#>"“(\-–—]*$/;

/** The cue resolved last: its cases, its sentence, and whether it was the only cue of that sentence so far. */
interface LastCue {
  cases: ReadonlyArray<CaseId | null>;
  sentence: number;
  alone: boolean;
}

class FocusTracker {
  private inParagraph: Precedent | null = null;
  private readonly named = new Set<Precedent>();

  newParagraph(): void {
    this.inParagraph = null;
  }

  see(precedent: Precedent | null): void {
    if (!precedent) return;
    this.inParagraph = precedent;
    this.named.add(precedent);
  }

  current(): Precedent | null {
    if (this.inParagraph) return this.inParagraph;
    const [only] = [...this.named];
    return this.named.size === 1 && only ? only : null;
  }
}

/** The two distinct cases named last (older first), both in sentence `sentence` or the one before; else undefined. */
function lastTwoCases(
  named: ReadonlyArray<{ caseId: CaseId; sentence: number }>,
  sentence: number,
): readonly [CaseId, CaseId] | undefined {
  const found: CaseId[] = [];
  for (let index = named.length - 1; index >= 0 && found.length < 2; index -= 1) {
    const entry = named[index];
    if (!entry || entry.sentence < sentence - 1) break;
    if (!found.includes(entry.caseId)) found.push(entry.caseId);
  }
  const [newer, older] = found;
  return newer && older ? [older, newer] : undefined;
}

/**
 * Settles what every case cue refers to, reading the argument in order:
 * - a `pair` is the current case and the precedent in focus; `focus` is that precedent;
 * - the precedent in focus is the one named most recently in the same paragraph (ply), else — if
 *   the argument has named only one precedent so far — that one, else none (`null`: unresolved);
 * - a `role` is the precedent the argument says that side won, else the one it says that side
 *   cites; a `counterexample` is the one it calls so, else the one the defendant cites;
 * - resolved precedents become the focus.
 *
 * @example "Cite TSC1. In both cases …" → "both cases" is ['current', 'tsc1']
 */
export function resolveCaseCues(
  text: string,
  cues: readonly CaseCue[],
  sentences: readonly Sentence[],
  lexicon: Lexicon,
): ResolvedCue[] {
  const roles = precedentRoles(text, cues, sentences, lexicon);
  const resolved: ResolvedCue[] = [];
  const focus = new FocusTracker();
  let paragraph = -1;
  let sentenceIndex = 0;
  const seen: { last: LastCue | null } = { last: null };
  // Every case named by a cue of one case, in text order, with its sentence.
  const named: Array<{ caseId: CaseId; sentence: number }> = [];
  for (const cue of cues) {
    while (sentenceIndex < sentences.length - 1 && (sentences[sentenceIndex]?.end ?? 0) <= cue.start)
      sentenceIndex += 1;
    const sentenceParagraph = sentences[sentenceIndex]?.paragraph ?? 0;
    if (sentenceParagraph !== paragraph) {
      paragraph = sentenceParagraph;
      focus.newParagraph();
    }
    const target = cue.target;
    let cases: Array<CaseId | null>;
    switch (target.kind) {
      case 'cases':
        cases = [...target.cases];
        if (target.cases.length === 1) focus.see(precedentOf(cue));
        break;
      case 'pair':
        cases = ['current', focus.current()];
        break;
      case 'focus':
        cases = [focus.current()];
        break;
      case 'role': {
        const precedent = roles.won.get(target.side) ?? roles.cited.get(target.side) ?? null;
        cases = [precedent];
        focus.see(precedent);
        break;
      }
      case 'counterexample': {
        const precedent = roles.counterexample ?? roles.cited.get('defendant') ?? null;
        cases = [precedent];
        focus.see(precedent);
        break;
      }
      case 'unidentified':
        cases = [null];
        break;
      case 'ordinal': {
        // The first or second of the two cases named last, in this sentence or the one before;
        // without two, no cue at all (the words may speak of two factors: `anaphora.ordinal`).
        const two = lastTwoCases(named, sentenceIndex);
        if (!two) continue;
        const chosen = target.second ? two[1] : two[0];
        cases = [chosen];
        if (chosen === 'tsc1' || chosen === 'tsc2') focus.see(chosen);
        break;
      }
      case 'previous': {
        // Only a precedent that the sentence before, in the same ply, was about; else no cue at all.
        const last = seen.last;
        const [only] = last?.cases ?? [];
        const before = sentences[sentenceIndex - 1];
        if (
          !OPENS_SENTENCE.test(text.slice(sentences[sentenceIndex]?.start ?? 0, cue.start)) ||
          !last?.alone ||
          last.cases.length !== 1 ||
          (only !== 'tsc1' && only !== 'tsc2') ||
          last.sentence !== sentenceIndex - 1 ||
          before?.paragraph !== sentenceParagraph
        )
          continue;
        cases = [only];
        break;
      }
    }
    resolved.push({ start: cue.start, end: cue.end, target: cue.target, cases, paragraph });
    const [single] = cases;
    // (An ordinal names no case of its own for a later ordinal to count.)
    if (cases.length === 1 && single && target.kind !== 'ordinal')
      named.push({ caseId: single, sentence: sentenceIndex });
    seen.last = { cases, sentence: sentenceIndex, alone: seen.last?.sentence !== sentenceIndex };
  }
  return resolved;
}

/**
 * The precedent in focus at `position` of `paragraph` (the rule of `resolveCaseCues`): the one a
 * resolved cue named most recently in that paragraph, else the only one named so far, else null.
 */
export function precedentInFocus(
  resolved: readonly ResolvedCue[],
  paragraph: number,
  position: number,
): Precedent | null {
  let inParagraph: Precedent | null = null;
  const named = new Set<Precedent>();
  for (const cue of resolved) {
    if (cue.start >= position) break;
    const [only] = cue.cases;
    if (cue.cases.length !== 1 || (only !== 'tsc1' && only !== 'tsc2')) continue;
    named.add(only);
    if (cue.paragraph === paragraph) inParagraph = only;
  }
  const [single] = [...named];
  return inParagraph ?? (named.size === 1 && single ? single : null);
}
