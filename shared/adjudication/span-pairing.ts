import type { Span } from '../schemas/annotation.ts';
import { spansMatch } from '../scoring/span-overlap.ts';

/** Two annotators' spans sorted into what they agree on and what is disputed. */
export interface SpanPairing {
  /** Mentions both marked alike (A's copy of each). */
  agreed: Span[];
  /** Each disputed span once: one side only (the other `null`), or a matched pair whose styles differ. */
  disputed: { a: Span | null; b: Span | null }[];
}

/** Same case, factor and polarity, overlapping (the span-overlap rule plus polarity). */
export function sameMention(s: Span, t: Span): boolean {
  return s.polarity === t.polarity && spansMatch(s, t);
}

/**
 * Sorts the spans of annotators A and B for adjudication. Two spans *match* when they mark the same
 * mention: same case, same factor (for `unlisted` also the same folded text when both give one), same
 * polarity, and the ranges share a character (docs/decisions/006-span-overlap.md plus polarity: an
 * asserted and a negated reading of one sentence are a disagreement, not a match).
 *
 * - A span with a match of its own style on the other side is *agreed* (A's copy is kept).
 * - A span matched only by spans of another style is paired with the first such span that is not
 *   agreed itself and not yet paired: a *style* dispute {a, b}.
 * - Any other span is one-sided: {a, b: null} or {a: null, b}.
 *
 * Every span is in exactly one place, so resolving one dispute never moves another. Order: A's spans
 * in their order (with the pairs they open), then B's remaining spans in theirs.
 *
 * Preconditions: validated spans. Never throws. Degenerate input: no spans → nothing agreed or disputed.
 *
 * @example
 * // A: [0,10) current F4 code asserted;  B: [5,20) current F4 name asserted, [30,40) tsc1 F6 code asserted
 * pairSpans(a, b) // agreed: []; disputed: [{a: A[0], b: B[0]} (style), {a: null, b: B[1]}]
 */
export function pairSpans(a: readonly Span[], b: readonly Span[]): SpanPairing {
  const agreedWithSameStyle = (span: Span, others: readonly Span[]) =>
    others.some((other) => other.style === span.style && sameMention(span, other));
  const pairedB = new Set<number>();
  const agreed: Span[] = [];
  const disputed: SpanPairing['disputed'] = [];
  for (const span of a) {
    if (agreedWithSameStyle(span, b)) {
      agreed.push(span);
      continue;
    }
    const partner = b.findIndex(
      (other, j) => !pairedB.has(j) && sameMention(span, other) && !agreedWithSameStyle(other, a),
    );
    if (partner >= 0) {
      pairedB.add(partner);
      disputed.push({ a: span, b: b[partner] ?? null });
    } else disputed.push({ a: span, b: null });
  }
  // A B span still free here is one-sided: every A span that matches it is agreed with a span of
  // its own style or already paired (it was a free candidate when that A span looked).
  b.forEach((span, j) => {
    if (!pairedB.has(j) && !agreedWithSameStyle(span, a)) disputed.push({ a: null, b: span });
  });
  return { agreed, disputed };
}
