import { describe, expect, it } from 'vitest';
import type { Block, ChartBlock } from '../../../shared/report-document/blocks.ts';
import { chartNumbers, headingId, sectionsOf, splitPreamble } from './reportOutline.ts';

const chart = (id: string): ChartBlock => ({
  kind: 'chart',
  id,
  title: id,
  description: '',
  legend: [],
  data: { type: 'heatmap', factors: [], groups: [], cells: [] },
  table: { kind: 'table', header: [], rows: [] },
});

describe('the report outline', () => {
  it('gives section headings stable ids', () => {
    expect(headingId('1. Extractors against the gold standard')).toBe(
      'report-1-extractors-against-the-gold-standard',
    );
    expect(headingId("3. The study's metrics recomputed")).toBe('report-3-the-study-s-metrics-recomputed');
  });

  it('lists the level-2 sections only', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'heading', level: 2, text: 'Verdict' },
      { kind: 'heading', level: 3, text: 'Notes' },
    ];
    expect(sectionsOf(blocks)).toEqual([{ id: 'report-verdict', text: 'Verdict' }]);
  });

  it('numbers charts in reading order, inside collapsed blocks too', () => {
    const [a, b, c] = [chart('a'), chart('b'), chart('c')];
    const numbers = chartNumbers([a, { kind: 'details', summary: 's', blocks: [b] }, c]);
    expect([numbers.get(a), numbers.get(b), numbers.get(c)]).toEqual([1, 2, 3]);
  });

  it('sets apart the preamble before the first section, so the screen leads with the verdict', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 1, text: 'factor-audit report' },
      { kind: 'paragraph', text: 'Generated …' },
      { kind: 'heading', level: 2, text: 'Verdict' },
      { kind: 'paragraph', text: 'Does the ranking survive?' },
    ];
    expect(splitPreamble(blocks)).toEqual({ preamble: blocks.slice(0, 2), sections: blocks.slice(2) });
    expect(splitPreamble(blocks.slice(0, 2))).toEqual({ preamble: blocks.slice(0, 2), sections: [] });
  });
});
