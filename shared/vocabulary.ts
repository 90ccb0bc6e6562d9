import { z } from 'zod';

/** The three cases of a triple: the current (input) case and the two precedents. */
export const CASES = ['current', 'tsc1', 'tsc2'] as const;
export const caseSchema = z.enum(CASES);
export type CaseId = z.infer<typeof caseSchema>;

/** How the cases are named on screen and in messages (the guidelines' words). */
export const CASE_NAME: Readonly<Record<CaseId, string>> = {
  current: 'Input case',
  tsc1: 'TSC1',
  tsc2: 'TSC2',
};

/** A case inside a sentence: "in the input case", "in TSC2". */
export function inCase(caseId: CaseId): string {
  return caseId === 'current' ? 'in the input case' : `in ${CASE_NAME[caseId]}`;
}

/** The three generation modes of the study; each is one test. */
export const MODES = ['arguable', 'reordered', 'non_arguable'] as const;
export const modeSchema = z.enum(MODES);
export type Mode = z.infer<typeof modeSchema>;

/** Test 1 = arguable, Test 2 = reordered (precedents swapped), Test 3 = non-arguable (must abstain). */
export const TESTS = [1, 2, 3] as const;
export const testSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type TestNumber = z.infer<typeof testSchema>;

export const MODE_OF_TEST: Readonly<Record<TestNumber, Mode>> = {
  1: 'arguable',
  2: 'reordered',
  3: 'non_arguable',
};
export const TEST_OF_MODE: Readonly<Record<Mode, TestNumber>> = {
  arguable: 1,
  reordered: 2,
  non_arguable: 3,
};

export const outcomeSchema = z.enum(['plaintiff', 'defendant']);
export type Outcome = z.infer<typeof outcomeSchema>;

/** The exact abstention phrase the study's prompt requires for Test 3. */
export const ABSTENTION_PHRASE = 'No common factor between the input case and the TSC1/TSC2';
