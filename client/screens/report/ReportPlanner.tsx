import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import type { ReportView } from '../../../shared/report-view.ts';
import { describeStatus } from '../../../shared/scoring/verdict.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
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

/** The table of gold arguments per model both planners end with: a row a model, their own columns. */
function PerModelTable({ heads, children }: { readonly heads: ReactNode; readonly children: ReactNode }) {
  return (
    <DataTable
      className="data-table data-table-narrow"
      caption="Gold arguments per model for the Tests 1–2 AccH claim"
      captionClassName="visually-hidden"
      heads={
        <>
          <th scope="col">Model</th>
          {heads}
        </>
      }
    >
      {children}
    </DataTable>
  );
}

type ExpertHours = NonNullable<ReportView['planning']['expert_hours']>;

const hours = (value: number | null) =>
  value === null ? 'no annotation time recorded yet' : `about ${value.toFixed(1)} expert hours`;

/** The planner from the report's `planning.expert_hours`: per design, more arguments and hours; per model, the need. */
function ExpertHoursPlanner({ plan }: { readonly plan: ExpertHours }) {
  const { threshold, half_width: halfWidth } = plan.claim;
  return (
    <>
      <p className="report-planner-answer">
        To decide AccH &gt; {threshold} for every model over Tests 1–2 at ±{halfWidth}:
      </p>
      <ul>
        {plan.designs.map((design) => (
          <li key={design.design}>
            <strong>{design.design}</strong>:{' '}
            {design.more_arguments === null
              ? design.basis
              : `${design.more_arguments} more gold arguments, ${hours(design.expert_hours)}`}
          </li>
        ))}
      </ul>
      <p className="hint">
        Annotation time measured in the workspace:{' '}
        {plan.seconds_per_annotation === null
          ? 'none recorded'
          : `median ${Math.round(plan.seconds_per_annotation)} s per annotation over ${plan.timed_annotations}`}
        , {plan.annotations_per_argument.toFixed(2)} annotations per argument.
      </p>
      <PerModelTable
        heads={
          <>
            <NumHead>Arguments N</NumHead>
            <NumHead>Gold now</NumHead>
            <NumHead>Needed</NumHead>
            <NumHead>More</NumHead>
          </>
        }
      >
        {plan.per_model.map((row) => (
          <tr key={row.model}>
            <th scope="row">{row.model}</th>
            <td className="num">{row.population}</td>
            <td className="num">{row.sampled}</td>
            <td className="num">{row.needed ?? '—'}</td>
            <td className="num">{row.needed === null ? '—' : Math.max(0, row.needed - row.sampled)}</td>
          </tr>
        ))}
      </PerModelTable>
      <ul className="hint">
        {plan.assumptions.map((assumption) => (
          <li key={assumption}>{assumption}</li>
        ))}
      </ul>
    </>
  );
}

/** Without `planning.expert_hours` (a report made before it): the claims' own counts, and no hours. */
function ClaimsPlanner({ report }: { readonly report: ReportView }) {
  const { threshold, extractor } = report.claims.acch_above;
  const rows = moreNeeded(report);
  const undecided = rows.filter(
    (row) => row.claim && row.claim.status !== 'holds' && row.claim.status !== 'fails',
  );
  const total = undecided.reduce((sum, row) => sum + (row.more ?? 0), 0);
  if (rows.length === 0)
    return (
      <p>
        No AccH claim to plan for: the report has no corrected estimates yet (it needs gold and an extractor).
      </p>
    );
  return (
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
      <p className="hint">This report carries no planner in expert hours; compute it again for the hours.</p>
      <PerModelTable
        heads={
          <>
            <NumHead>Gold now</NumHead>
            <NumHead>More needed</NumHead>
            <th scope="col">Claim</th>
          </>
        }
      >
        {rows.map(({ model, claim, more }) => (
          <tr key={model}>
            <th scope="row">{model}</th>
            <td className="num">{claim ? claim.sampled : '—'}</td>
            <td className="num">{more ?? '—'}</td>
            <td>{claim ? describeStatus(claim) : 'no estimate'}</td>
          </tr>
        ))}
      </PerModelTable>
    </>
  );
}

/**
 * The planner on the report screen: how many more gold arguments, and about how many expert hours,
 * decide AccH > threshold for every model over Tests 1–2 — from the report's `planning.expert_hours`
 * (shared/scoring/expert-hours.ts), or from its claims for a report made before it.
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
  const plan = report.planning.expert_hours;
  return (
    <section className="panel report-planner" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        Planner: how many more gold arguments
      </h2>
      {plan ? <ExpertHoursPlanner plan={plan} /> : <ClaimsPlanner report={report} />}
      {admin && (
        <p>
          <Link to={consolePath(study, 'sample')}>Draw the next batch</Link> on the Sample screen.
        </p>
      )}
    </section>
  );
}
