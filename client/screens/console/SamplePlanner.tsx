import { useId, useState } from 'react';
import { planSampleSize } from '../../../shared/scoring/sample-size.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { NumHead } from '../../components/NumHead.tsx';

const HALF_WIDTHS = [0.05, 0.1] as const;

/**
 * The sample-size planner (`planSampleSize`, docs/STATISTICS.md §10) for a decision-level
 * proportion at p = 0.5, the most conservative: items needed per target half-width for the
 * intra-item correlation ρ the admin expects. The report's `planning` section estimates ρ from the
 * study's own annotations once there are some.
 */
export function SamplePlanner() {
  const id = useId();
  const [icc, setIcc] = useState('0.1');
  const rho = Number(icc);
  const valid = icc.trim() !== '' && Number.isFinite(rho) && rho >= 0 && rho <= 1;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel-title">
        How many items?
      </h2>
      <NumberField
        className="field field-inline"
        id={`${id}-icc`}
        label="Expected ρ (correlation of an item's 78 decisions)"
        min={0}
        max={1}
        step={0.05}
        value={icc}
        onChange={setIcc}
        invalid={!valid}
      />
      {valid ? (
        <table className="data-table data-table-narrow">
          <caption>Items to annotate for a 95 % interval on a decision-level proportion (p = 0.5)</caption>
          <thead>
            <tr>
              <th scope="col">Half-width</th>
              <NumHead>Design effect</NumHead>
              <NumHead>Items</NumHead>
            </tr>
          </thead>
          <tbody>
            {HALF_WIDTHS.map((halfWidth) => {
              const plan = planSampleSize({ halfWidth, icc: rho });
              return (
                <tr key={halfWidth}>
                  <th scope="row">± {halfWidth.toFixed(2)}</th>
                  <td className="num">{plan.design_effect.toFixed(1)}</td>
                  <td className="num">{plan.items}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="hint hint-warn">ρ is a number from 0 to 1.</p>
      )}
      <p className="hint">
        Once items are annotated, the report’s “planning” section estimates ρ from them and plans the
        corrected accuracy per stratum too.
      </p>
    </section>
  );
}
