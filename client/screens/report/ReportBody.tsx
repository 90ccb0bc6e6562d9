import { useMemo } from 'react';
import { reportDocument } from '../../../shared/report-document/report-document.ts';
import type { ReportView } from '../../../shared/report-view.ts';
import { ReportBlocks } from './ReportBlocks.tsx';
import { chartNumbers, sectionsOf, splitPreamble } from './reportOutline.ts';

/**
 * The report itself, verdict first: the same blocks as the HTML and Markdown files, with links to its
 * sections; how it was made (the preamble) in small print above the verdict.
 */
export function ReportBody({ report }: { readonly report: ReportView }) {
  const blocks = useMemo(() => reportDocument(report), [report]);
  const numbers = useMemo(() => chartNumbers(blocks), [blocks]);
  const sections = sectionsOf(blocks);
  const parts = useMemo(() => splitPreamble(blocks), [blocks]);
  return (
    <>
      <nav className="report-outline" aria-label="Sections of the report">
        <ul>
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.text}</a>
            </li>
          ))}
        </ul>
      </nav>
      <article className="report-document">
        <div className="report-preamble">
          <ReportBlocks blocks={parts.preamble} numbers={numbers} />
        </div>
        <ReportBlocks blocks={parts.sections} numbers={numbers} />
      </article>
    </>
  );
}
