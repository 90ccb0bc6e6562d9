import { describe, expect, it } from 'vitest';
import { countPlyLabels, isPlyLabelLine } from './ply-labels.ts';

describe('isPlyLabelLine', () => {
  it.each([
    "Plaintiff's Argument: In the input case …",
    "**Defendant's Counterargument:** TSC1 …",
    "### Plaintiff's Rebuttal",
    "1. Plaintiff's argument: The current case …",
    '- Rebuttal: TSC2 had F10.',
    "PLAINTIFF'S ARGUMENT",
    'Plaintiff: as in TSC1 …',
    "**Plaintiff's Argument (citing TSC1):**",
    "**Plaintiff's Argument**",
  ])('recognises %j', (line) => {
    expect(isPlyLabelLine(line)).toBe(true);
  });

  it.each([
    'The plaintiff relies on TSC1.',
    "The plaintiff's precedent supports recovery: there …",
    'Defendant knew the information was confidential.',
  ])('does not take the sentence %j for a label', (line) => {
    expect(isPlyLabelLine(line)).toBe(false);
  });
});

describe('countPlyLabels', () => {
  it('counts labelled lines', () => {
    expect(countPlyLabels('Plaintiff: a.\nDefendant: b.\nRebuttal: c.')).toBe(3);
  });
});
