import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ErrorClass } from '../../../shared/adjudication-api.ts';
import { FACTORS } from '../../../shared/factors.ts';
import { revealQuery } from '../../api/adjudication.ts';
import { QueryError } from '../../components/Status.tsx';
import { CASE_LABEL } from '../workspace/case-labels.ts';

/** Short names for the chips; the meanings are in the legend under them (and docs/ADJUDICATING.md). */
export const CLASS_LABEL: Readonly<Record<ErrorClass, string>> = {
  correct: 'correct',
  missed: 'missed',
  negated_as_present: 'negated as present',
  wrong_case: 'wrong case',
  invented: 'invented',
  extra: 'extra',
};

const CLASS_MEANING: Readonly<Record<ErrorClass, string>> = {
  correct: 'in both',
  missed: 'in the gold only',
  negated_as_present: 'asserted where the gold marks a negated mention',
  wrong_case: 'the gold has it for another case',
  invented: 'not one of the 26 factors',
  extra: 'nowhere in the gold',
};

const CLASS_ORDER: readonly ErrorClass[] = [
  'correct',
  'missed',
  'negated_as_present',
  'wrong_case',
  'invented',
  'extra',
];

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
                {CLASS_ORDER.filter((errorClass) => (extractor.counts[errorClass] ?? 0) > 0).map(
                  (errorClass) => (
                    <span
                      key={errorClass}
                      className={`class-chip class-${errorClass}`}
                      title={CLASS_MEANING[errorClass]}
                    >
                      {CLASS_LABEL[errorClass]}: {extractor.counts[errorClass]}
                    </span>
                  ),
                )}
              </p>
              <p className="hint">
                {CLASS_ORDER.filter(
                  (errorClass) => (extractor.counts[errorClass] ?? 0) > 0 && errorClass !== 'correct',
                )
                  .map((errorClass) => `${CLASS_LABEL[errorClass]}: ${CLASS_MEANING[errorClass]}`)
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
                            {CLASS_LABEL[decision.class]}
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
