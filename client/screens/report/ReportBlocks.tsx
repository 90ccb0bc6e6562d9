import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { legendGlyph } from '../../../shared/report-charts/legend-glyph.ts';
import {
  type Block,
  type Cell,
  type ChartBlock,
  cellWraps,
  type TableBlock,
} from '../../../shared/report-document/blocks.ts';
import { ChartSvg } from './ChartSvg.tsx';
import { headingId } from './reportOutline.ts';

/**
 * A cell; a status cell is tinted by its tone and keeps its words (never colour alone); a long text
 * wraps (`cellWraps`, as in the HTML file) so a table fits its page.
 */
function CellView({ cell, header }: { readonly cell: Cell; readonly header: boolean }) {
  if (typeof cell !== 'string') return <td className={`tone tone-${cell.tone}`}>{cell.text}</td>;
  const className = cellWraps(cell) ? 'long' : undefined;
  return header ? (
    <th scope="row" className={className}>
      {cell}
    </th>
  ) : (
    <td className={className}>{cell}</td>
  );
}

/**
 * A box that scrolls sideways when its table is wider than the page. Only then is it a focusable,
 * named region, so the keyboard can scroll it (WCAG 2.1.1) without a tab stop at every table; it is
 * measured again whenever its size changes (a collapsed block opened, the window resized).
 */
function ScrollBox({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  const box = useRef<HTMLElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const node = box.current;
    if (node === null) return;
    const measure = () => setScrolls(node.scrollWidth > node.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);
  // A <section> with a name is a region landmark, focusable so the keyboard can scroll it; without a
  // name (no scrolling) it is a plain box.
  return (
    <section
      ref={box}
      className="table-scroll"
      tabIndex={scrolls ? 0 : undefined}
      aria-label={scrolls ? label : undefined}
    >
      {children}
    </section>
  );
}

/** A report table: the first column heads its row. */
function TableView({ block }: { readonly block: TableBlock }) {
  return (
    <ScrollBox label={`Table of ${block.header.slice(0, 3).join(', ')}…, scrolls sideways`}>
      <table className="data-table report-table">
        <thead>
          <tr>
            {block.header.map((text, index) => (
              // Headers may repeat (two empty ones): the position keeps them apart.
              // biome-ignore lint/suspicious/noArrayIndexKey: columns have no identity but their place
              <th key={index} scope="col">
                {text}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, rowIndex) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are fixed for a report and never reorder
            <tr key={rowIndex}>
              {row.map((cell, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                <CellView key={index} cell={cell} header={index === 0} />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}

/** A chart: its caption (what it shows), its key, the chart, and its numbers one click away. */
function ChartView({ block, number }: { readonly block: ChartBlock; readonly number: number }) {
  const titleId = `figure-${block.id}`;
  return (
    <figure className="report-chart" aria-labelledby={titleId} data-chart={block.id}>
      <figcaption>
        <span className="report-chart-title" id={titleId}>
          Figure {number}. {block.title}
        </span>{' '}
        {block.description}
      </figcaption>
      <ul className="report-chart-key" aria-label="Key">
        {block.legend.map((item) => (
          <li key={item.label}>
            {item.mark === 'swatch' ? (
              <span className="key-swatch" style={{ background: item.colour }} aria-hidden="true" />
            ) : (
              <span className="key-glyph" style={{ color: item.colour }} aria-hidden="true">
                {legendGlyph(item)}
              </span>
            )}
            {item.label}
          </li>
        ))}
      </ul>
      <ChartSvg data={block.data} label={`${block.title}. ${block.description}`} />
      <details className="report-details">
        <summary>The numbers behind figure {number}</summary>
        <TableView block={block.table} />
      </details>
    </figure>
  );
}

/** The blocks in order; charts numbered in reading order by `numbers`. */
export function ReportBlocks({
  blocks,
  numbers,
}: {
  readonly blocks: readonly Block[];
  readonly numbers: ReadonlyMap<ChartBlock, number>;
}) {
  return (
    <>
      {blocks.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a report's blocks are computed once and never reorder
        <Fragment key={index}>{renderBlock(block, numbers)}</Fragment>
      ))}
    </>
  );
}

function renderBlock(block: Block, numbers: ReadonlyMap<ChartBlock, number>): ReactNode {
  switch (block.kind) {
    case 'heading':
      if (block.level === 1) return null; // the screen's own heading names the study
      return block.level === 2 ? <h2 id={headingId(block.text)}>{block.text}</h2> : <h3>{block.text}</h3>;
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'list':
      return (
        <ul>
          {block.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      );
    case 'table':
      return <TableView block={block} />;
    case 'details':
      return (
        <details className="report-details">
          <summary>{block.summary}</summary>
          <ReportBlocks blocks={block.blocks} numbers={numbers} />
        </details>
      );
    case 'chart':
      return <ChartView block={block} number={numbers.get(block) ?? 0} />;
  }
}
