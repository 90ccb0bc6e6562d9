import type { Sentence } from './sentences.ts';
import type { FoundMention } from './types.ts';

// References back to factors just mentioned: "both of these factors", "these features", "the same
// factors", "the same conduct", "the same arrangement" (all of them); "the same factor", "this
// factor", "the same point", "the same ground" (the last one).
const ANAPHOR =
  /\b(?:both\s+of\s+)?(?:these|those|the\s+same)\s+(?:factors|features|elements|circumstances)\b|\b(?:the\s+same|this|that)\s+factor\b|\bthe\s+(?:very\s+)?same\s+(?:conduct|facts|features|points|issues|behaviou?r|pattern|situation|scenario|arrangement|things|combination|point|issue|ground|basis|fact|circumstance|feature|consideration)\b/gi;
const ALL_OF_THEM =
  /(?:factors|features|elements|circumstances|conduct|facts|points|issues|behaviou?r|pattern|situation|scenario|arrangement|things|combination)$/i;

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
  ANAPHOR.lastIndex = 0;
  for (let match = ANAPHOR.exec(text); match; match = ANAPHOR.exec(text)) {
    const start = match.index;
    const end = start + match[0].length;
    const index = sentences.findIndex((sentence) => start >= sentence.start && start < sentence.end);
    const sentence = sentences[index];
    if (!sentence) continue;
    let antecedents = mentions.filter((mention) => mention.start >= sentence.start && mention.end <= start);
    // "both of these …" names two: keep reaching back (within the paragraph) until two factors are found.
    const wanted = /^both\b/i.test(match[0]) ? 2 : 1;
    const distinct = () => new Set(antecedents.map((mention) => mention.factor)).size;
    for (let back = index - 1; distinct() < wanted && back >= 0; back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.paragraph !== sentence.paragraph) break;
      antecedents = [
        ...mentions.filter((mention) => mention.start >= earlier.start && mention.start < earlier.end),
        ...antecedents,
      ];
    }
    if (!ALL_OF_THEM.test(match[0])) antecedents = antecedents.slice(-1);
    const seen = new Set<string>();
    for (const antecedent of antecedents) {
      const key = antecedent.factor === 'unlisted' ? `unlisted:${antecedent.text}` : antecedent.factor;
      if (seen.has(key)) continue;
      seen.add(key);
      // An unlisted factor keeps its label (it is what `unlisted` records); others quote the anaphor.
      const wording = antecedent.factor === 'unlisted' ? antecedent.text : match[0];
      found.push({ start, end, factor: antecedent.factor, style: 'paraphrase', text: wording });
    }
  }
  return found;
}
