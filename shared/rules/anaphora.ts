import type { Sentence } from './sentences.ts';
import type { FoundMention } from './types.ts';

// References back to factors just mentioned: "both of these factors", "these features", "the same
// conduct", "the same markings" (all of them: a plural or a mass noun); "the same factor", "this
// factor", "the same point" (the last one); a sentence that says another case "mirrors" the one
// before ("This mirrors TSC2", "That is exactly what happened in TSC1": all of them). "The same"
// before a word that names a party, a case, an outcome or the information itself is no reference
// to factors ("the same defendant", "the same result", "the same formula").
const ANAPHOR =
  /\b(?:both\s+of\s+)?(?:these|those|the\s+same|both|the\s+two|these\s+two)\s+(?:factors|features|elements|circumstances)\b|\b(?:the\s+same|this|that)\s+factor\b|\bthe\s+(?:very\s+)?same\s+(?:(?:kind|type|sort)\s+of\s+)?(?!(?:case|cases|precedent|court|result|outcome|way|time|day|year|defendant|plaintiff|party|parties|argument|reasoning|conclusion|logic|reason|side|judge|law|rule|standard|test|analysis|question|extent|degree|manner|period|company|industry|market|employee|engineer|information|product|products|formula|process|design|data|recipe|technology|trade|secret|secrets|one|thing|factor|technical|details?|facts?|documents?|files?|drawings?|materials?|lists?|customers?|suppliers?|names|techniques?|methods?|approach|prices|pricing|software|code|machine|device|market|rival|competitor|buyers?|person|man|woman|individual|team)\b)[a-z]+\b|\b(?:this|that|it)\s+(?:(?:closely|exactly|precisely)\s+)?(?:mirrors|matches|parallels|resembles|tracks|echoes|is\s+(?:just\s+|exactly\s+)?(?:like|what\s+happened\s+in)|is\s+similar\s+to|is\s+the\s+same\s+as)\b/gi;
// A sentence that opens by saying the statement before holds in another case: "This is also in
// TSC2", "The same is true in TSC1" (all the factors of the sentence before).
const SAME_HOLDS =
  /\b(?:This|That|The\s+same)\s+(?:is|was)\s+(?:also\s+)?(?:true\s+|the\s+case\s+|present\s+)?(?:also\s+)?(?=in\s+(?:TSC|the\s+(?:input|current|first|second)|both))/g;
// … at the start of a sentence or clause (checked by hand: a look-behind would slow every search).
const OPENS_STATEMENT = /(?:^|[.!?:;]\s{1,3})$/;
// A pronoun for factors after a verb of having, at the end of its clause: "TSC1, which the
// plaintiff won, had it", "TSC2 lacked them", "the input case shares it too", "TSC2 presented
// both" (two factors). Only when the sentence names no factor before it.
const PRONOUN =
  /\b(?:has|had|have|lacks?|lacked|shares?|shared|involves?|involved|features?|featured|includes?|included|contains?|contained|presents?|presented|shows?|showed|exhibits?|exhibited)\s+(it|them|both)(?=\s*(?:[.,;:!?)]|$|\s+(?:too|as\s+well|also|either)\b))/gi;
// "Neither of those happened in TSC1", "none of these is present here": all the factors of the
// sentence before, denied (the mention is the pronoun, so the "neither" stays a negation).
const NEITHER_OF = /\b(?:neither|none)\s+of\s+(these|those|them)\b/gi;
// "the first of these facts", "the second of them", "the latter": the first or the second of the
// factors just named.
const ORDINAL =
  /\bthe\s+(?:first|former|second|latter)\s+of\s+(?:these|those|them|the\s+two)(?:\s+(?:facts|factors|points|features|circumstances))?\b|\bthe\s+(?:first|second)\s+factor\b|\bthe\s+latter\b/gi;
// A negation right before an antecedent ("without binding them to secrecy", "no NDA").
const DENIED_BEFORE = /\b(?:without|no|not|never|nor|neither)\s+(?:[\w'’-]+\s+){0,2}$/i;
const PLURAL_OR_MASS =
  /(?:s|conduct|behaviou?r|pattern|situation|scenario|arrangement|combination|story|thing|mirrors|matches|parallels|resembles|tracks|echoes|like|in|to|as|true|case|present|found|seen|also)\s*$/i;

/**
 * Mentions made by reference: "TSC1 … had both of these factors" or "TSC2 involved the same
 * conduct" repeats the factors of the previous sentence, "TSC2 … had the same factor" or "turned
 * on the same point" the last factor named before it; "both of these …" reaches back until it has
 * two factors. The antecedents
 * are the mentions earlier in the same sentence, else those of the nearest earlier sentence of the
 * same paragraph that has mentions; a singular anaphor takes only the last one. Each becomes a
 * `paraphrase` mention spanning the anaphor.
 *
 * @example "The defendant used F26 and F15. TSC1 had both of these factors." → F26 and F15 at "both of these factors"
 */
export function findFactorAnaphora(
  text: string,
  sentences: readonly Sentence[],
  mentions: readonly FoundMention[],
): FoundMention[] {
  const found: FoundMention[] = [];
  const matches: RegExpExecArray[] = [];
  for (const pattern of [ANAPHOR, ORDINAL, PRONOUN, SAME_HOLDS, NEITHER_OF]) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      if (
        pattern === SAME_HOLDS &&
        !OPENS_STATEMENT.test(text.slice(Math.max(0, match.index - 4), match.index))
      )
        continue;
      matches.push(match);
    }
  }
  for (const match of matches) {
    // For a pronoun ("had it") the mention is the pronoun itself.
    const pronoun = match[1];
    const end = match.index + match[0].length;
    const start = pronoun ? end - pronoun.length : match.index;
    const index = sentences.findIndex((sentence) => start >= sentence.start && start < sentence.end);
    const sentence = sentences[index];
    if (!sentence) continue;
    // "the same teardown of the product" names its factor itself (a lexicon phrase found there).
    if (mentions.some((mention) => mention.start < end && start < mention.end)) continue;
    let antecedents = mentions.filter((mention) => mention.start >= sentence.start && mention.end <= start);
    // A pronoun stands for factors of an earlier sentence only: "F4 is in TSC1 and TSC2 has it" is
    // read by the case rules already.
    if (pronoun && antecedents.length > 0) continue;
    // "both of these …" names two: keep reaching back (within the paragraph) until two factors are found.
    const wanted = /^both\b/i.test(match[0]) || pronoun?.toLowerCase() === 'both' ? 2 : 1;
    for (let back = index - 1; distinctFactorCount(antecedents) < wanted && back >= 0; back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.paragraph !== sentence.paragraph) break;
      antecedents = [
        ...mentions.filter((mention) => mention.start >= earlier.start && mention.start < earlier.end),
        ...antecedents,
      ];
    }
    // "… without binding them to secrecy, and the input case shows the same lapse": what the
    // statement denied is no factor to repeat.
    antecedents = antecedents.filter(
      (mention) => !DENIED_BEFORE.test(text.slice(Math.max(0, mention.start - 30), mention.start)),
    );
    const distinctFactors = antecedents.filter(
      (mention, at) => antecedents.findIndex((other) => other.factor === mention.factor) === at,
    );
    if (/^the\s+(?:first|former)\b/i.test(match[0])) antecedents = distinctFactors.slice(0, 1);
    else if (/^the\s+(?:second|latter)\b/i.test(match[0])) antecedents = distinctFactors.slice(1, 2);
    else if (pronoun) antecedents = /^it$/i.test(pronoun) ? antecedents.slice(-1) : antecedents;
    else if (!PLURAL_OR_MASS.test(match[0]) || /\bfactor$/i.test(match[0]))
      antecedents = antecedents.slice(-1);
    const seen = new Set<string>();
    for (const antecedent of antecedents) {
      const key = antecedent.factor === 'unlisted' ? `unlisted:${antecedent.text}` : antecedent.factor;
      if (seen.has(key)) continue;
      seen.add(key);
      // An unlisted factor keeps its label (it is what `unlisted` records); others quote the anaphor.
      const wording = antecedent.factor === 'unlisted' ? antecedent.text : text.slice(start, end);
      found.push({
        start,
        end,
        factor: antecedent.factor,
        style: 'paraphrase',
        text: wording,
        found: 'anaphora.reference',
      });
    }
  }
  return found;
}

function distinctFactorCount(mentions: readonly FoundMention[]): number {
  return new Set(mentions.map((mention) => mention.factor)).size;
}
