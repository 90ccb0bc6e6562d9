import { describe, expect, it } from 'vitest';
import { layoutArgument } from './argument-layout.ts';
import { countPlyLabels, isPlyLabelLine } from './ply-headings.ts';

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

describe('one reading of ply headings', () => {
  it('gives the rules a ply label on exactly the lines where the workspace shows a ply heading', () => {
    const lines = [
      "**Plaintiff's Argument (Citing TSC1):**",
      'In both the input case and TSC1, the defendant signed a nondisclosure agreement (F4).',
      "The plaintiff's precedent supports recovery: F6 was present.",
      "**Defendant's Counterargument:** TSC1 is distinguishable because F10 was present in TSC1.",
      '### 3. Rebuttal',
      'Ply 2',
      '### Notes',
      'TSC2 is distinguishable: F16 was present in TSC2 but not in the input case.',
    ];
    const text = lines.join('\n');
    const lineOf = (offset: number) => text.slice(0, offset).split('\n').length - 1;
    const plyLines = new Set(
      layoutArgument(text, 'stop')
        .blocks.filter((block) => block.kind === 'heading' && block.ply !== undefined)
        .map((block) => lineOf(block.start)),
    );
    expect([...plyLines]).toEqual([0, 3, 4, 5]);
    expect(lines.map((line) => isPlyLabelLine(line))).toEqual(lines.map((_, i) => plyLines.has(i)));
  });
});
