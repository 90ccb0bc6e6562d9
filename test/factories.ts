import type { Judgement } from '../shared/schemas/annotation.ts';
import type { Annotation, Argument, ExtractionInput, Triple } from '../shared/schemas/index.ts';

/** Builders for records in the public formats; override fields as needed. */
export function buildTriple(overrides: Partial<Triple> = {}): Triple {
  return {
    id: 't1',
    mode: 'arguable',
    current: { factors: ['F4', 'F6', 'F10'] },
    tsc1: { factors: ['F4', 'F15'], outcome: 'plaintiff' },
    tsc2: { factors: ['F10', 'F16'], outcome: 'defendant' },
    ...overrides,
  };
}

export function buildArgument(overrides: Partial<Argument> = {}): Argument {
  return {
    id: 'a1',
    triple_id: 't1',
    model: 'gpt-4o',
    test: 1,
    text: 'Plaintiff: as in TSC1, the defendant agreed not to disclose (F4). Defendant: TSC2 shows F10. Rebuttal: F6.',
    ...overrides,
  };
}

export function buildExtraction(overrides: Partial<ExtractionInput> = {}): ExtractionInput {
  return {
    argument_id: 'a1',
    extractor: 'gpt-4.1',
    current: ['F4', 'F6'],
    tsc1: ['F4'],
    tsc2: ['F10'],
    ...overrides,
  };
}

export function buildJudgement(overrides: Partial<Judgement> = {}): Judgement {
  return {
    current: ['F4', 'F6'],
    tsc1: ['F4'],
    tsc2: ['F10'],
    unlisted: [],
    abstained: false,
    exact_phrase: false,
    truncated: false,
    spans: [],
    ...overrides,
  };
}

export function buildAnnotation(overrides: Partial<Annotation> = {}): Annotation {
  return { argument_id: 'a1', annotator: 'alice', ...buildJudgement(), ...overrides };
}

export function toJsonl(records: readonly unknown[]): string {
  return `${records.map((record) => JSON.stringify(record)).join('\n')}\n`;
}
