import { useId } from 'react';
import { Link } from 'react-router';
import type { ReportView } from '../../../shared/report-view.ts';
import { describeStatus } from '../../../shared/scoring/verdict.ts';
import { consolePath } from '../console/consolePaths.ts';

/** The claims' key for Tests 1–2 together. */
const TESTS_1_2 = '1_2';

/**
 * Per model, the gold arguments the Tests 1–2 AccH claim still needs: max(0, needed − sampled) of
 * its cell (claims.acch_above; `goldNeededForClaim` under the current stratified estimator).
 */
function moreNeeded(report: ReportView) {
  return Object.entries(report.claims.acch_above.by_model).map(([model, tests]) => {
    const claim = tests[TESTS_1_2];
    return { model, claim, more: claim ? Math.max(0, claim.needed - claim.sampled) : null };
  });
}

/**
 * The planner on the report screen: how many more gold arguments decide AccH > threshold for every
 * model over Tests 1–2, from the report's claims. Expert hours and the active design's count need
 * the report's planner figures, which this report does not carry; the panel says so rather than guess.
 */
export function ReportPlanner({
  report,
  study,
  admin,
}: {
  readonly report: ReportView;
  readonly study: string;
  readonly admin: boolean;
}) {
  const id = useId();
  const { threshold, extractor } = report.claims.acch_above;
  const rows = moreNeeded(report);
  const undecided = rows.filter(
    (row) => row.claim && row.claim.status !== 'holds' && row.claim.status !== 'fails',
  );
  const total = undecided.reduce((sum, row) => sum + (row.more ?? 0), 0);
  return (
    <section className="panel report-planner" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Planner: how many more gold arguments
      </h2>
      {rows.length === 0 ? (
        <p>
          No AccH claim to plan for: the report has no corrected estimates yet (it needs gold and an
          extractor).
        </p>
      ) : (
        <>
          <p className="report-planner-answer">
            To decide AccH &gt; {threshold} for every model over Tests 1–2
            {extractor ? ` (${extractor}, corrected)` : ''}:{' '}
            <strong>
              {undecided.length === 0 ? 'every model is decided already' : `${total} more gold arguments`}
            </strong>{' '}
            with the stratified design
            {undecided.length > 0 ? ` (${undecided.length} of ${rows.length} models undecided)` : ''}.
          </p>
          <p className="hint">
            Expert hours and the count under the active design are not in this report: they come from the
            report's planner figures (residual variance per stratum and the annotators' measured seconds per
            item), which this report does not carry yet.
          </p>
          <div className="table-scroll">
            <table className="data-table data-table-narrow">
              <caption className="visually-hidden">
                Gold arguments per model for the Tests 1–2 AccH claim
              </caption>
              <thead>
                <tr>
                  <th scope="col">Model</th>
                  <th scope="col" className="num">
                    Gold now
                  </th>
                  <th scope="col" className="num">
                    More needed
                  </th>
                  <th scope="col">Claim</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(({ model, claim, more }) => (
                  <tr key={model}>
                    <th scope="row">{model}</th>
                    <td className="num">{claim ? claim.sampled : '—'}</td>
                    <td className="num">{more ?? '—'}</td>
                    <td>{claim ? describeStatus(claim) : 'no estimate'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {admin && (
            <p>
              <Link to={consolePath(study, 'sample')}>Draw the next batch</Link> on the Sample screen.
            </p>
          )}
        </>
      )}
    </section>
  );
}
