import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ERROR_CLASS_TEXT, ERROR_CLASSES, type ErrorClass } from '../../../shared/adjudication-api.ts';
import { FACTORS } from '../../../shared/factors.ts';
import { revealQuery } from '../../api/adjudication.ts';
import { QueryError } from '../../components/Status.tsx';
import { CASE_LABEL } from '../workspace/case-labels.ts';

const label = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].label;
const meaning = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].meaning;

function factorLabel(factor: string): string {
  const known = FACTORS.find((candidate) => candidate.id === factor);
  return known ? `${known.id} ${known.name}` : `“${factor}”`;
}

/**
 * The staged reveal: only once the gold is fixed, and only when the adjudicator asks, each
 * extractor's output against the gold, every (case, factor) classified. Until then nothing of the
 * extractors reaches the browser (the API refuses with 403).
 */
export function RevealPanel({
  study,
  itemKey,
  canReveal,
  onHighlight,
}: {
  readonly study: string;
  readonly itemKey: string;
  readonly canReveal: boolean;
  readonly onHighlight: (range: { start: number; end: number }) => void;
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
        <button type="button" className="button-secondary" onClick={() => setAsked(true)}>
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
            <div key={extractor.extractor} className="reveal-extractor">
              <h3>
                {extractor.extractor}{' '}
                {extractor.status !== 'extracted' && (
                  <span className="badge badge-warn">{extractor.status}</span>
                )}
              </h3>
              {extractor.error && <p className="hint hint-warn">{extractor.error}</p>}
              <p className="class-counts">
                {ERROR_CLASSES.filter((errorClass) => (extractor.counts[errorClass] ?? 0) > 0).map(
                  (errorClass) => (
                    <span
                      key={errorClass}
                      className={`class-chip class-${errorClass}`}
                      title={meaning(errorClass)}
                    >
                      {label(errorClass)}: {extractor.counts[errorClass]}
                    </span>
                  ),
                )}
              </p>
              <p className="hint">
                {ERROR_CLASSES.filter(
                  (errorClass) => (extractor.counts[errorClass] ?? 0) > 0 && errorClass !== 'correct',
                )
                  .map((errorClass) => `${label(errorClass)}: ${meaning(errorClass)}`)
                  .join(' · ')}
              </p>
              <table className="data-table reveal-table">
                <caption className="visually-hidden">{extractor.extractor} against the gold</caption>
                <thead>
                  <tr>
                    <th scope="col">Case</th>
                    <th scope="col">Factor</th>
                    <th scope="col">Class</th>
                    <th scope="col">Gold mention</th>
                  </tr>
                </thead>
                <tbody>
                  {extractor.decisions
                    .filter((decision) => decision.class !== 'correct')
                    .map((decision) => (
                      <tr key={`${decision.case}:${decision.factor}:${decision.class}`}>
                        <td>{CASE_LABEL[decision.case]}</td>
                        <td>{factorLabel(decision.factor)}</td>
                        <td>
                          <span className={`class-chip class-${decision.class}`}>
                            {label(decision.class)}
                          </span>
                        </td>
                        <td>
                          {decision.spans[0] ? (
                            <button
                              type="button"
                              className="link-button"
                              onClick={() => decision.spans[0] && onHighlight(decision.spans[0])}
                            >
                              {decision.goldStyle ?? 'show'}
                            </button>
                          ) : (
                            (decision.goldStyle ?? '—')
                          )}
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          ))}
        </>
      )}
    </section>
  );
}
