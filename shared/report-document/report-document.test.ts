import { describe, expect, it } from 'vitest';
import { GUIDELINE_VERSION } from '../guidelines.ts';
import { SOFTWARE_VERSION } from '../software-version.ts';
import type { Block } from './blocks.ts';
import { reportDocument } from './report-document.ts';
import { smallReportView } from './test-report.ts';

function headings(blocks: readonly Block[], level: number): string[] {
  return blocks.flatMap((block) => (block.kind === 'heading' && block.level === level ? [block.text] : []));
}

describe('reportDocument', () => {
  const blocks = reportDocument(smallReportView());

  it('puts the verdict first, then the data and the six sections', () => {
    expect(headings(blocks, 1)).toEqual(['factor-audit report — study "small"']);
    expect(headings(blocks, 2)).toEqual([
      'Verdict',
      'Data and design',
      '1. Extractors against the gold standard',
      '2. Agreement between annotators',
      "3. The study's metrics recomputed",
      '4. Corrected population estimates',
      '5. Rankings and claims',
      '6. Planning the sample',
    ]);
  });

  it('states the design, the seed, the guideline version and the software version', () => {
    const intro = blocks[1];
    expect(intro?.kind).toBe('paragraph');
    const text = intro?.kind === 'paragraph' ? intro.text : '';
    expect(text).toContain('Design: no sample');
    expect(text).toContain('seed 2025');
    expect(text).toContain(`Annotation guidelines version ${GUIDELINE_VERSION}`);
    expect(text).toContain(`factor-audit software version ${SOFTWARE_VERSION}`);
  });

  it('draws the forest and slope charts (the small study has no doubly annotated argument, but an extractor)', () => {
    const charts = blocks.flatMap((block) => (block.kind === 'chart' ? [block.id] : []));
    expect(charts).toEqual(['heatmap', 'forest', 'slope']);
  });
});
