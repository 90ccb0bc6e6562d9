import type { Judgement } from './schemas/annotation.ts';

/**
 * The checks on a judgement's spans that need the argument text: every span lies inside the text
 * ([start, end) with end ≤ text length), and a span marking a catalogue factor as asserted in a case
 * agrees with that case's list (a negated span may name another factor). A factor ticked without a span
 * is allowed; `factorsWithoutSpan` counts those for the report. Returns one "path: message" per problem.
 */
export function checkSpans(judgement: Judgement, textLength: number): string[] {
  const problems: string[] = [];
  judgement.spans.forEach((span, index) => {
    if (span.end > textLength)
      problems.push(
        `spans[${index}]: ends at ${span.end}, after the end of the text (${textLength} characters)`,
      );
    if (
      span.polarity === 'asserted' &&
      span.factor !== 'unlisted' &&
      !judgement[span.case].includes(span.factor)
    )
      problems.push(
        `spans[${index}]: marks ${span.factor} as asserted in ${span.case}, but ${span.case} does not list ${span.factor}; tick it or mark the span negated`,
      );
  });
  return problems;
}

/** How many (case, factor) marks of a judgement have no asserted span as evidence. */
export function factorsWithoutSpan(judgement: Judgement): number {
  const evidenced = new Set(
    judgement.spans
      .filter((span) => span.polarity === 'asserted')
      .map((span) => `${span.case}:${span.factor}`),
  );
  let missing = 0;
  for (const caseId of ['current', 'tsc1', 'tsc2'] as const) {
    for (const factor of judgement[caseId]) if (!evidenced.has(`${caseId}:${factor}`)) missing += 1;
  }
  return missing;
}
