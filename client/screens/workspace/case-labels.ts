import type { CaseId } from '../../../shared/vocabulary.ts';

/** How the cases are named to annotators (the guidelines' words) and the key that picks each. */
export const CASE_LABEL: Readonly<Record<CaseId, string>> = {
  current: 'Input case',
  tsc1: 'TSC1',
  tsc2: 'TSC2',
};

export const CASE_SHORT: Readonly<Record<CaseId, string>> = { current: 'Input', tsc1: 'TSC1', tsc2: 'TSC2' };

export const CASE_KEY: Readonly<Record<CaseId, '1' | '2' | '3'>> = { current: '1', tsc1: '2', tsc2: '3' };
