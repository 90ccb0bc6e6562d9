import { describe, expect, it } from 'vitest';
import { renderHtml, renderMarkdown } from '../server/services/report/index.ts';
import { escapeHtml } from '../server/services/report/render-html.ts';
import { formatFigure } from '../shared/report-document/blocks.ts';
import { reportDocument } from '../shared/report-document/report-document.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS } from '../shared/scoring/index.ts';
import { emptyStudy, smallStudy } from '../shared/scoring/test-fixtures.ts';

const EMPTY = emptyStudy('a<b>&"c"');

describe('report rendering', () => {
  const report = buildReport(EMPTY, {
    ...DEFAULT_REPORT_OPTIONS,
    replicates: 0,
    generatedAt: '2025-01-01T00:00:00.000Z',
  });

  it('prints a figure as value [lower, upper], without an interval as the value, null as n/a', () => {
    expect(formatFigure({ value: 0.5, ci: { lower: 0.25, upper: 0.75 }, method: 'wilson' })).toBe(
      '0.500 [0.250, 0.750]',
    );
    expect(formatFigure({ value: 0.5, ci: null, method: 'none' })).toBe('0.500');
    expect(formatFigure({ value: null, ci: null, method: 'cluster-bootstrap' })).toBe('n/a');
    expect(formatFigure(null)).toBe('n/a');
  });

  it('escapes every text in HTML, the study name included', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    const html = renderHtml(report);
    expect(html).toContain('a&lt;b&gt;&amp;&quot;c&quot;');
    expect(html).not.toContain('a<b>');
  });

  it('renders an empty study in both formats, saying what is missing', () => {
    const md = renderMarkdown(report);
    expect(md).toContain('No extractor output in the study.');
    expect(md).toContain('cannot be checked');
    expect(reportDocument(report)[0]).toEqual({
      kind: 'heading',
      level: 1,
      text: 'factor-audit report — study "a<b>&"c""',
    });
  });

  it('escapes pipes in Markdown table cells', () => {
    const study = smallStudy();
    const piped = buildReport(
      { ...study, extractions: study.extractions.map((record) => ({ ...record, extractor: 'x|y' })) },
      { ...DEFAULT_REPORT_OPTIONS, replicates: 0, generatedAt: '2025-01-01T00:00:00.000Z' },
    );
    const md = renderMarkdown(piped);
    expect(md).toContain('| x\\|y |');
    const tableLines = md.split('\n').filter((line) => line.startsWith('|'));
    expect(tableLines.some((line) => /[^\\]\|y/.test(line))).toBe(false);
  });
});

describe('the error classes in the rendered report', () => {
  it('shows each extractor’s units per class and its misses by gold style (small study, by hand)', () => {
    const report = buildReport(smallStudy(), {
      ...DEFAULT_REPORT_OPTIONS,
      replicates: 0,
      generatedAt: '2025-01-01T00:00:00.000Z',
    });
    const md = renderMarkdown(report);
    expect(md).toContain('### Error classes');
    expect(md).toContain(
      '| extractor | items | correct | missed | negated as present | wrong case | invented | extra |',
    );
    expect(md).toContain('| x | 4 | 22 | 1 | 0 | 0 | 0 | 2 |');
    expect(md).toContain('| x | 0 | 0 | 0 | 1 |');
  });

  it('leaves the section out when the study has no extractor', () => {
    const md = renderMarkdown(
      buildReport(EMPTY, {
        ...DEFAULT_REPORT_OPTIONS,
        replicates: 0,
        generatedAt: '2025-01-01T00:00:00.000Z',
      }),
    );
    expect(md).not.toContain('Error classes');
  });
});
