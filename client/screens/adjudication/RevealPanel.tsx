import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  type ClassifiedDecision,
  ERROR_CLASS_TEXT,
  ERROR_CLASSES,
  type ErrorClass,
} from '../../../shared/adjudication-api.ts';
import { FACTORS } from '../../../shared/factors.ts';
import type { ExtractionMention } from '../../../shared/schemas/extraction-mention.ts';
import { revealQuery } from '../../api/adjudication.ts';
import { QueryError } from '../../components/Status.tsx';
import { CASE_LABEL } from '../workspace/case-labels.ts';

const label = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].label;
const meaning = (errorClass: ErrorClass) => ERROR_CLASS_TEXT[errorClass].meaning;

function factorLabel(factor: string): string {
  const known = FACTORS.find((candidate) => candidate.id === factor);
  return known ? `${known.id} ${known.name}` : `“${factor}”`;
}

/** The extractor's evidence for one decision: its mentions of the factor read as being about the case (or about no case). */
function evidenceFor(
  mentions: readonly ExtractionMention[],
  decision: ClassifiedDecision,
): ExtractionMention[] {
  return mentions.filter(
    (mention) =>
      mention.factor === decision.factor && (mention.case === decision.case || mention.case === null),
  );
}

function readingLabel(mention: ExtractionMention): string {
  const about = mention.case === null ? 'no case' : CASE_LABEL[mention.case];
  // The named rules that produced the reading (the rules extractor records them; the last decided).
  const rules = mention.rules ? `; rules ${mention.rules.join(' → ')}` : '';
  return `read: ${mention.style}, ${mention.polarity}, ${about}${rules}`;
}

/** Buttons that show where the extractor read the factor, each saying how it read it. */
function EvidenceButtons({
  mentions,
  onShow,
}: {
  readonly mentions: readonly ExtractionMention[];
  readonly onShow: (range: { start: number; end: number }) => void;
}) {
  if (mentions.length === 0) return null;
  return (
    <ul className="evidence-list" aria-label="The extractor read it as">
      {mentions.map((mention) => (
        <li key={`${mention.start}-${mention.end}-${mention.case}-${mention.polarity}`}>
          <button type="button" className="link-button" onClick={() => onShow(mention)}>
            {readingLabel(mention)}
          </button>
        </li>
      ))}
    </ul>
  );
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
  onShowEvidence,
}: {
  readonly study: string;
  readonly itemKey: string;
  readonly canReveal: boolean;
  readonly onHighlight: (range: { start: number; end: number }) => void;
  /** Draws one of the extractor's evidence ranges over the text. */
  readonly onShowEvidence: (range: { start: number; end: number }) => void;
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
              {extractor.mentions.length > 0 && (
                <p className="hint">
                  {extractor.mentions.length} evidence{' '}
                  {extractor.mentions.length === 1 ? 'mention' : 'mentions'} stored: choose a reading to see
                  it in the text.
                </p>
              )}
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
                        <td>
                          <span className="reveal-factor" title={factorLabel(decision.factor)}>
                            {factorLabel(decision.factor)}
                          </span>
                          <EvidenceButtons
                            mentions={evidenceFor(extractor.mentions, decision)}
                            onShow={onShowEvidence}
                          />
                        </td>
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
