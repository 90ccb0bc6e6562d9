import { useId } from 'react';
import type { Disagreement } from '../../../shared/adjudication-api.ts';
import { type ArgumentLayout, segmentsWithMarks } from '../../../shared/argument-layout/argument-layout.ts';
import type { Span } from '../../../shared/schemas/annotation.ts';
import { CASE_SHORT } from '../workspace/case-labels.ts';

/** One column of the view: whose spans, under which heading. */
interface Layer {
  readonly key: 'a' | 'gold' | 'b';
  readonly label: string;
  readonly spans: readonly Span[];
  /** The spans of this side that a disagreement is about (drawn outlined). */
  readonly disputed: ReadonlySet<string>;
}

const spanKey = (span: Span) => `${span.case}:${span.factor}:${span.polarity}:${span.start}-${span.end}`;

/** Each side's spans that a span disagreement names: what the adjudicator has to look at. */
function disputedSpans(disagreements: readonly Disagreement[], side: 'a' | 'b'): ReadonlySet<string> {
  const keys = new Set<string>();
  for (const disagreement of disagreements) {
    const span = disagreement.kind === 'span' ? disagreement[side] : null;
    if (span) keys.add(spanKey(span));
  }
  return keys;
}

function Paragraph({
  text,
  start,
  end,
  layer,
}: {
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly layer: Layer;
}) {
  const marks = layer.spans.map((span, index) => ({ start: span.start, end: span.end, id: String(index) }));
  return (
    <>
      {segmentsWithMarks(start, end, marks).map((segment) => {
        const words = text.slice(segment.start, segment.end);
        const last = segment.markIds.at(-1);
        const span = last === undefined ? undefined : layer.spans[Number(last)];
        if (!span) return <span key={segment.start}>{words}</span>;
        const name = `${span.factor === 'unlisted' ? `unlisted “${span.text ?? ''}”` : span.factor}, ${CASE_SHORT[span.case]}${span.polarity === 'negated' ? ', negated' : ''}`;
        const disputed = layer.disputed.has(spanKey(span));
        return (
          <mark
            key={segment.start}
            className={`sbs-mark mark-cases-${span.case}${disputed ? ' sbs-disputed' : ''}`}
            title={`${name}${disputed ? ' — disputed' : ''}`}
          >
            {words}
            <span className="visually-hidden">
              {' '}
              ({name}
              {disputed ? ', disputed' : ''})
            </span>
          </mark>
        );
      })}
    </>
  );
}

/**
 * The side-by-side view (as INCEpTION's curation screen lays out its annotators): A | gold | B, each
 * paragraph of the argument once per column on the same row, so a mention one side made and the
 * other did not stands level with the gap. Read-only (marks are made in the one-text view: T); the
 * spans that a disagreement is about are outlined. Only the labels A and B (names once the
 * adjudicator shows them), never an extractor.
 */
export function SideBySide({
  text,
  layout,
  a,
  gold,
  b,
  disagreements,
}: {
  readonly text: string;
  readonly layout: ArgumentLayout;
  readonly a: { readonly label: string; readonly spans: readonly Span[] };
  readonly gold: readonly Span[];
  readonly b: { readonly label: string; readonly spans: readonly Span[] };
  readonly disagreements: readonly Disagreement[];
}) {
  const captionId = useId();
  const layers: readonly Layer[] = [
    { key: 'a', label: a.label, spans: a.spans, disputed: disputedSpans(disagreements, 'a') },
    { key: 'gold', label: 'Gold', spans: gold, disputed: new Set() },
    { key: 'b', label: b.label, spans: b.spans, disputed: disputedSpans(disagreements, 'b') },
  ];
  const blocks = layout.blocks.filter((block) => block.kind !== 'think');
  return (
    // A focusable region, so the keyboard can scroll it (its rows are text, not controls).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section className="side-by-side" aria-labelledby={captionId} tabIndex={0}>
      <table className="sbs-table">
        <caption id={captionId} className="sbs-caption">
          Side by side: {a.label} | the gold | {b.label}, over the same text{' '}
          <span className="muted">(marks outlined are disputed; V or T goes back to the one text)</span>
        </caption>
        <thead>
          <tr>
            {layers.map((layer) => (
              <th key={layer.key} scope="col" className={`sbs-head sbs-head-${layer.key}`}>
                {layer.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {blocks.map((block) =>
            block.kind === 'heading' ? (
              <tr key={block.start}>
                <td colSpan={3} className="sbs-heading">
                  {block.label ?? text.slice(block.start, block.end)}
                </td>
              </tr>
            ) : (
              <tr key={block.start}>
                {layers.map((layer) => (
                  <td key={layer.key} className="sbs-cell">
                    <Paragraph text={text} start={block.start} end={block.end} layer={layer} />
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </section>
  );
}
