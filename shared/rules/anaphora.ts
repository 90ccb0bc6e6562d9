import type { Sentence } from './sentences.ts';
import type { FoundMention } from './types.ts';

// References back to factors just mentioned: "both of these factors", "these factors", "the same
// factors", "the same conduct", "the same facts" (all of them); "the same factor", "this factor",
// "the same point", "the same ground" (the last one).
const ANAPHOR =
  /\b(?:both\s+of\s+)?(?:these|those|the\s+same)\s+factors\b|\b(?:the\s+same|this|that)\s+factor\b|\bthe\s+(?:very\s+)?same\s+(?:conduct|facts|circumstances|features|points|issues|behaviou?r|pattern|situation|things|combination|point|issue|ground|basis|fact|circumstance|feature|consideration)\b/gi;
const ALL_OF_THEM =
  /(?:factors|conduct|facts|circumstances|features|points|issues|behaviou?r|pattern|situation|things|combination)$/i;

/**
 * Mentions made by reference: "TSC1 … had both of these factors" or "TSC2 involved the same
 * conduct" repeats the factors of the previous sentence, "TSC2 … had the same factor" or "turned
 * on the same point" the last factor named before it. The antecedents
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
    for (let back = index - 1; antecedents.length === 0 && back >= 0; back -= 1) {
      const earlier = sentences[back];
      if (!earlier || earlier.paragraph !== sentence.paragraph) break;
      antecedents = mentions.filter(
        (mention) => mention.start >= earlier.start && mention.start < earlier.end,
      );
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
