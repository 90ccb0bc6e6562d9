import { describe, expect, it } from 'vitest';
import { cellText } from './blocks.ts';
import { extractorsSection } from './extractors-section.ts';
import { smallReportView } from './test-report.ts';

const FOOTNOTE = /^‡ Every bootstrap resample gave the same value/;

function paragraphs(report: ReturnType<typeof smallReportView>): string[] {
  return extractorsSection(report).flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
}

function tableTexts(report: ReturnType<typeof smallReportView>): string[] {
  return extractorsSection(report).flatMap((block) =>
    block.kind === 'table' ? block.rows.flatMap((row) => row.map(cellText)) : [],
  );
}

describe('extractorsSection', () => {
  it('marks a figure whose bootstrap could not vary with ‡ and explains it once, below the section', () => {
    const report = smallReportView(200);
    const section = Object.values(report.extractor_vs_gold)[0];
    if (!section) throw new Error('the small study has an extractor');
    section.micro.precision = {
      value: 1,
      ci: { lower: 0.8, upper: 1 },
      method: 'wilson',
      degenerate_bootstrap: true,
    };
    expect(tableTexts(report)).toContain('1.000 [0.800, 1.000] ‡');
    expect(paragraphs(report).filter((text) => FOOTNOTE.test(text))).toHaveLength(1);
  });

  it('has no footnote when no figure fell back (without the bootstrap there is none to fall back from)', () => {
    expect(paragraphs(smallReportView(0)).some((text) => FOOTNOTE.test(text))).toBe(false);
  });
});
