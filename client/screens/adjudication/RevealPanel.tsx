import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type ClassifiedDecision,
  ERROR_CLASS_TEXT,
  ERROR_CLASSES,
  type ErrorClass,
  type Reveal,
} from '../../../shared/adjudication-api.ts';
import type { ExtractionMention } from '../../../shared/schemas/extraction-mention.ts';
import { CASE_NAME } from '../../../shared/vocabulary.ts';
import { revealQuery } from '../../api/adjudication.ts';
import { QueryError } from '../../components/Status.tsx';
import { factorName } from './factor-name.ts';
import { type Reading, readingsFor } from './reveal-readings.ts';

type Range = { start: number; end: number };
type ExtractorReveal = Reveal['extractors'][number];

const label = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].label;
const meaning = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].meaning;

/**
 * How the extractor read the factor there: one line per reading, then its places as links that draw
 * the place over the text ("show" for one place, "1 · 2" for places read alike).
 */
function Readings({
  readings,
  onShow,
}: {
  readonly readings: readonly Reading[];
  readonly onShow: (range: Range) => void;
}) {
  if (readings.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="evidence-list">
      {readings.map((reading) => (
        <li key={reading.label}>
          {reading.label}:{' '}
          {reading.places.map((place, index) => (
            <button
              key={`${place.start}-${place.end}`}
              type="button"
              className="link-button evidence-place"
              aria-label={`Show ${reading.places.length === 1 ? 'where' : `place ${index + 1} of ${reading.places.length} where`} the extractor read ${reading.label}`}
              onClick={() => onShow(place)}
            >
              {reading.places.length === 1 ? 'show' : index + 1}
            </button>
          ))}
        </li>
      ))}
    </ul>
  );
}

/** Units of one extractor against the gold: case, factor, class, the gold's mention and the extractor's readings. */
function UnitTable({
  caption,
  decisions,
  mentions,
  onHighlight,
  onShowEvidence,
}: {
  readonly caption: string;
  readonly decisions: readonly ClassifiedDecision[];
  readonly mentions: readonly ExtractionMention[];
  readonly onHighlight: (range: Range) => void;
  readonly onShowEvidence: (range: Range) => void;
}) {
  return (
    <table className="data-table reveal-table">
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Case</th>
          <th scope="col">Factor</th>
          <th scope="col">Class</th>
          <th scope="col">Gold mention</th>
          {mentions.length > 0 && <th scope="col">The extractor read it as</th>}
        </tr>
      </thead>
      <tbody>
        {decisions.map((decision) => {
          const goldSpan = decision.spans[0];
          return (
            <tr key={`${decision.case}:${decision.factor}:${decision.class}`}>
              <td className="reveal-case">{CASE_NAME[decision.case]}</td>
              <th scope="row">
                <span className="reveal-factor" title={factorName(decision.factor)}>
                  {factorName(decision.factor)}
                </span>
              </th>
              <td>
                <span className={`class-chip class-${decision.class}`}>{label(decision.class)}</span>
              </td>
              <td>
                {goldSpan ? (
                  <button type="button" className="link-button" onClick={() => onHighlight(goldSpan)}>
                    {decision.goldStyle ?? 'show'}
                  </button>
                ) : (
                  (decision.goldStyle ?? '—')
                )}
              </td>
              {mentions.length > 0 && (
                <td>
                  <Readings readings={readingsFor(mentions, decision)} onShow={onShowEvidence} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** One extractor: its counts per class, what went wrong (listed), and what it got right (collapsed). */
function ExtractorResult({
  extractor,
  onHighlight,
  onShowEvidence,
}: {
  readonly extractor: ExtractorReveal;
  readonly onHighlight: (range: Range) => void;
  readonly onShowEvidence: (range: Range) => void;
}) {
  const wrong = extractor.decisions.filter((decision) => decision.class !== 'correct');
  const correct = extractor.decisions.filter((decision) => decision.class === 'correct');
  const tableProps = { mentions: extractor.mentions, onHighlight, onShowEvidence };
  return (
    <div className="reveal-extractor">
      <h3>
        {extractor.extractor}{' '}
        {extractor.status !== 'extracted' && <span className="badge badge-warn">{extractor.status}</span>}
      </h3>
      {extractor.error && <p className="hint hint-warn">{extractor.error}</p>}
      <p className="class-counts">
        {ERROR_CLASSES.filter((errorClass) => (extractor.counts[errorClass] ?? 0) > 0).map((errorClass) => (
          <span key={errorClass} className={`class-chip class-${errorClass}`} title={meaning(errorClass)}>
            {label(errorClass)}: {extractor.counts[errorClass]}
          </span>
        ))}
      </p>
      {wrong.length > 0 && (
        <p className="hint">
          {ERROR_CLASSES.filter(
            (errorClass) => (extractor.counts[errorClass] ?? 0) > 0 && errorClass !== 'correct',
          )
            .map((errorClass) => `${label(errorClass)}: ${meaning(errorClass)}`)
            .join(' · ')}
        </p>
      )}
      {extractor.mentions.length > 0 && (
        <p className="hint">
          {extractor.mentions.length} evidence {extractor.mentions.length === 1 ? 'mention' : 'mentions'}{' '}
          stored: choose a reading to see it in the text.
        </p>
      )}
      {wrong.length > 0 ? (
        <UnitTable
          caption={`What ${extractor.extractor} got wrong against the gold`}
          decisions={wrong}
          {...tableProps}
        />
      ) : extractor.status === 'extracted' ? (
        <p>
          {correct.length === 0
            ? 'Neither the gold nor this extractor lists a factor here.'
            : `Nothing missed, nothing wrong: all ${correct.length} ${correct.length === 1 ? 'unit is' : 'units are'} correct.`}
        </p>
      ) : null}
      {correct.length > 0 && (
        <details className="reveal-correct">
          <summary>
            The {correct.length} correct {correct.length === 1 ? 'unit' : 'units'}
          </summary>
          <UnitTable caption={`What ${extractor.extractor} got right`} decisions={correct} {...tableProps} />
        </details>
      )}
    </div>
  );
}

/**
 * The staged reveal: only once the gold is fixed, and only when the adjudicator asks, each
 * extractor's output against the gold, every (case, factor) classified — what it got wrong listed,
 * what it got right one click away. Until then nothing of the extractors reaches the browser (the
 * API refuses with 403).
 */
export function RevealPanel({
  study,
  itemKey,
  canReveal,
  onOpen,
  onHighlight,
  onShowEvidence,
}: {
  readonly study: string;
  readonly itemKey: string;
  readonly canReveal: boolean;
  /** The adjudicator asked to see the extractors (the screen gives the panel room). */
  readonly onOpen: () => void;
  readonly onHighlight: (range: Range) => void;
  /** Draws one of the extractor's evidence ranges over the text. */
  readonly onShowEvidence: (range: Range) => void;
}) {
  const id = useId();
  const [asked, setAsked] = useState(false);
  const reveal = useQuery({ ...revealQuery(study, itemKey), enabled: asked && canReveal });

  return (
    <section className="panel reveal-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Extractors
      </h2>
      {!canReveal ? (
        <p className="muted">
          Fix the gold first: the extractors’ output is shown only against a fixed gold.
        </p>
      ) : !asked ? (
        <button
          type="button"
          className="button-secondary"
          onClick={() => {
            setAsked(true);
            onOpen();
          }}
        >
          Show the extractors against this gold
        </button>
      ) : reveal.status === 'pending' ? (
        <p role="status">Loading…</p>
      ) : reveal.status === 'error' ? (
        <QueryError error={reveal.error} onRetry={() => void reveal.refetch()} />
      ) : (
        <>
          <p className="muted">
            {reveal.data.argumentId} · model {reveal.data.model} · test {reveal.data.test}
          </p>
          {reveal.data.extractors.length === 0 && <p>No extractor has run on this argument.</p>}
          {reveal.data.extractors.map((extractor) => (
            <ExtractorResult
              key={extractor.extractor}
              extractor={extractor}
              onHighlight={onHighlight}
              onShowEvidence={onShowEvidence}
            />
          ))}
        </>
      )}
    </section>
  );
}
