import { describe, expect, it } from 'vitest';
import { describeIssues } from '../zod-issues.ts';
import {
  annotationSchema,
  argumentSchema,
  extractionSchema,
  goldSchema,
  JUDGEMENT_LIMITS,
  reportedResultsSchema,
  tripleSchema,
  UNLISTED_TEXT_MAX,
} from './index.ts';

const triple = {
  id: 't1',
  mode: 'arguable',
  current: { factors: ['F6', 'F4 Agreed-not-to-disclose (P)'] },
  tsc1: { factors: ['F4'], outcome: 'plaintiff' },
  tsc2: { factors: ['F10'], outcome: 'defendant' },
};

function issuesOf(result: { success: boolean; error?: import('zod').ZodError }): string[] {
  return result.error ? describeIssues(result.error) : [];
}

describe('tripleSchema', () => {
  it('normalises labels to ids in catalogue order', () => {
    expect(tripleSchema.parse(triple).current.factors).toEqual(['F4', 'F6']);
  });
  it('rejects a factor outside the catalogue, naming where', () => {
    const result = tripleSchema.safeParse({
      ...triple,
      tsc1: { factors: ['F4', 'F30'], outcome: 'plaintiff' },
    });
    expect(issuesOf(result)).toEqual(['tsc1.factors[1]: "F30" is not one of the 26 CATO factors']);
  });
  it('rejects unknown modes and fields', () => {
    const result = tripleSchema.safeParse({ ...triple, mode: 'easy', extra: 1 });
    expect(issuesOf(result)).toHaveLength(2);
    expect(issuesOf(result).join('\n')).toContain('unknown field(s) "extra"');
  });
  it('requires an outcome on each precedent', () => {
    expect(tripleSchema.safeParse({ ...triple, tsc2: { factors: [] } }).success).toBe(false);
  });
});

describe('argumentSchema', () => {
  const argument = { id: 'a1', triple_id: 't1', model: 'gpt-4o', test: 1, text: 'Plaintiff argues…' };
  it('accepts the minimal record and the optional fields', () => {
    expect(argumentSchema.parse(argument)).toEqual(argument);
    expect(
      argumentSchema.parse({ ...argument, finish_reason: 'length', output_tokens: 2000 }).finish_reason,
    ).toBe('length');
  });
  it('rejects test 4 and a negative token count', () => {
    expect(argumentSchema.safeParse({ ...argument, test: 4 }).success).toBe(false);
    expect(argumentSchema.safeParse({ ...argument, output_tokens: -1 }).success).toBe(false);
  });
});

describe('extractionSchema', () => {
  const base = { argument_id: 'a1', extractor: 'gpt-4.1' };
  it('moves invented factors to unlisted for their case', () => {
    const parsed = extractionSchema.parse({
      ...base,
      current: ['F4', 'F30 Market-dominance'],
      tsc1: ['F6'],
      tsc2: [],
    });
    expect(parsed.current).toEqual(['F4']);
    expect(parsed.unlisted).toEqual([{ case: 'current', text: 'F30 Market-dominance' }]);
    expect(parsed.status).toBe('extracted');
  });
  it('keeps a failed extraction as failed, with its error', () => {
    const parsed = extractionSchema.parse({ ...base, status: 'failed', error: 'HTTP 500 after 5 attempts' });
    expect(parsed).toMatchObject({ status: 'failed', error: 'HTTP 500 after 5 attempts', current: [] });
  });
  it('refuses a failed extraction without an error or with factors', () => {
    expect(issuesOf(extractionSchema.safeParse({ ...base, status: 'failed' }))).toEqual([
      'error: a failed extraction must say its error',
    ]);
    expect(
      issuesOf(extractionSchema.safeParse({ ...base, status: 'failed', error: 'x', tsc1: ['F4'] })),
    ).toEqual(['tsc1: a failed extraction carries no factors']);
  });
  it('refuses an error on an extracted record', () => {
    expect(extractionSchema.safeParse({ ...base, error: 'x' }).success).toBe(false);
  });
});

describe('annotationSchema and goldSchema', () => {
  const annotation = {
    argument_id: 'a1',
    annotator: 'alice',
    current: ['F4'],
    tsc1: [],
    tsc2: [],
    unlisted: [],
    abstained: false,
    exact_phrase: false,
    truncated: false,
    spans: [{ start: 0, end: 2, case: 'current', factor: 'F4', style: 'code', polarity: 'asserted' }],
  };
  it('accepts the UI shape', () => {
    expect(annotationSchema.parse(annotation).spans).toHaveLength(1);
  });
  it('rejects a span that ends before it starts', () => {
    const result = annotationSchema.safeParse({ ...annotation, spans: [{ ...annotation.spans[0], end: 0 }] });
    expect(result.success).toBe(false);
  });
  it('rejects exact_phrase without abstained', () => {
    expect(issuesOf(annotationSchema.safeParse({ ...annotation, exact_phrase: true }))).toEqual([
      'exact_phrase: exact_phrase needs abstained: true',
    ]);
  });
  it('reads gold without an annotator', () => {
    const { annotator: _, ...gold } = annotation;
    expect(goldSchema.parse({ ...gold, adjudicator: 'carol' }).adjudicator).toBe('carol');
  });

  describe('bounds every string and list, accepting the limit and refusing one more', () => {
    const span = annotation.spans[0];
    const unlisted = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ case: 'tsc1', text: `F${30 + i}` }));
    const cases: [string, (n: number) => Record<string, unknown>, number, RegExp][] = [
      ['comment', (n) => ({ comment: 'x'.repeat(n) }), JUDGEMENT_LIMITS.comment, /^comment: /],
      [
        'spans',
        (n) => ({ spans: Array.from({ length: n }, () => span) }),
        JUDGEMENT_LIMITS.spans,
        /^spans: /,
      ],
      [
        'span text',
        (n) => ({ spans: [{ ...span, factor: 'unlisted', text: 'x'.repeat(n) }] }),
        JUDGEMENT_LIMITS.spanText,
        /^spans\[0\]\.text: /,
      ],
      ['unlisted', (n) => ({ unlisted: unlisted(n) }), JUDGEMENT_LIMITS.unlisted, /^unlisted: /],
      [
        'unlisted text',
        (n) => ({ unlisted: [{ case: 'tsc1', text: 'x'.repeat(n) }] }),
        UNLISTED_TEXT_MAX,
        /^unlisted\[0\]\.text: /,
      ],
      [
        'guideline_version',
        (n) => ({ guideline_version: 'v'.repeat(n) }),
        JUDGEMENT_LIMITS.guidelineVersion,
        /^guideline_version: /,
      ],
      [
        'factor list',
        (n) => ({ tsc1: Array.from({ length: n }, () => 'F4') }),
        JUDGEMENT_LIMITS.factorReferences,
        /^tsc1: /,
      ],
      [
        'factor reference',
        (n) => ({ tsc1: [`F4 ${'x'.repeat(n - 3)}`] }),
        JUDGEMENT_LIMITS.factorReference,
        /^tsc1\[0\]: /,
      ],
    ];
    for (const [name, build, limit, issue] of cases)
      it(name, () => {
        expect(
          issuesOf(annotationSchema.safeParse({ ...annotation, ...build(limit) })).filter((text) =>
            issue.test(text),
          ),
        ).toEqual([]);
        const over = issuesOf(annotationSchema.safeParse({ ...annotation, ...build(limit + 1) }));
        expect(
          over.some((text) => issue.test(text)),
          over.join('; '),
        ).toBe(true);
      });
  });

  it('keeps unlisted mentions read back from extractions unbounded: the model wrote them, the tool records them', () => {
    const long = 'x'.repeat(UNLISTED_TEXT_MAX + 1);
    const extraction = extractionSchema.parse({
      argument_id: 'a1',
      extractor: 'e',
      unlisted: [{ case: 'current', text: long }],
    });
    expect(extraction.unlisted[0]?.text).toBe(long);
  });
});

describe('reportedResultsSchema', () => {
  it('accepts proportions and refuses percentages and repeats', () => {
    const value = { model: 'gpt-4o', test: 1, metric: 'acch', value: 0.93 };
    expect(reportedResultsSchema.parse({ source: 'Table 2', values: [value] }).values).toHaveLength(1);
    expect(
      issuesOf(reportedResultsSchema.safeParse({ source: 'Table 2', values: [{ ...value, value: 93 }] })),
    ).toEqual(['values[0].value: is a proportion: at most 1 (write 0.91, not 91)']);
    expect(reportedResultsSchema.safeParse({ source: 'T', values: [value, value] }).success).toBe(false);
  });
});
