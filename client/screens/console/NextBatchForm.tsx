import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { DesignName } from '../../../shared/sampling/designs.ts';
import type { NextBatchPreview } from '../../../shared/sampling/next-batch.ts';
import { samplesKey } from '../../api/console.ts';
import { drawNextBatch, type NextBatchInput, previewNextBatch } from '../../api/next-batch.ts';
import { DataTable } from '../../components/DataTable.tsx';
import { NumberField } from '../../components/NumberField.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PanelForm } from '../../components/PanelForm.tsx';
import { consolePath } from './consolePaths.ts';

const DESIGNS: readonly { name: DesignName; label: string; hint: string }[] = [
  { name: 'active', label: 'active', hint: 'more likely where the extractor is likely wrong' },
  { name: 'stratified', label: 'stratified', hint: 'equal chances within a stratum' },
  { name: 'neyman', label: 'Neyman', hint: 'strata by their expected spread' },
];

interface BatchSettings {
  design: DesignName;
  size: string;
  seed: string;
  floor: string;
}

const requestOf = (settings: BatchSettings): NextBatchInput => ({
  design: settings.design,
  size: Number(settings.size),
  seed: Number(settings.seed),
  ...(settings.floor.trim() === '' ? {} : { floor: Number(settings.floor) }),
});

const sameRequest = (a: NextBatchInput, b: NextBatchInput) => JSON.stringify(a) === JSON.stringify(b);

function BatchPreviewTable({ preview }: { readonly preview: NextBatchPreview }) {
  return (
    <>
      <p>
        Batch {preview.batch} extends version {preview.extendsVersion}: about {preview.size} of{' '}
        {preview.eligible} arguments not drawn yet. Inclusion probability π from{' '}
        <strong>{preview.probability.min.toFixed(3)}</strong> to{' '}
        <strong>{preview.probability.max.toFixed(3)}</strong> (weights up to{' '}
        {(1 / preview.probability.min).toFixed(1)}); predicted error from rules
        {preview.primaryExtractor ? ` vs ${preview.primaryExtractor}` : ' alone'}.
      </p>
      {preview.notes.map((note) => (
        <p key={note} className="hint hint-warn">
          {note}
        </p>
      ))}
      <DataTable
        caption={<>Expected draw per stratum of batch {preview.batch}</>}
        captionClassName="visually-hidden"
        heads={
          <>
            <th scope="col">Stratum</th>
            <NumHead>Not drawn yet</NumHead>
            <NumHead>Expected Σπ</NumHead>
            <NumHead>Mean predicted error</NumHead>
          </>
        }
      >
        {preview.strata.map((stratum) => (
          <tr key={stratum.stratum}>
            <th scope="row">{stratum.stratum}</th>
            <td className="num">{stratum.eligible}</td>
            <td className="num">{stratum.expected.toFixed(1)}</td>
            <td className="num">{stratum.meanPredictedError.toFixed(2)}</td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}

/**
 * The next batch of the sample (`sample --next N --design D --seed S`, the same service): preview the
 * expected counts per stratum and the π range, then draw. The batch is a new sample version, assigned
 * on the Assignment screen like any other.
 */
export function NextBatchForm({ study, seed }: { readonly study: string; readonly seed: string }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [settings, setSettings] = useState<BatchSettings>({
    design: 'stratified',
    size: '20',
    seed,
    floor: '',
  });
  const set = (change: Partial<BatchSettings>) => setSettings({ ...settings, ...change });
  const preview = useMutation({ mutationFn: (body: NextBatchInput) => previewNextBatch(study, body) });
  const draw = useMutation({
    mutationFn: (body: NextBatchInput) => drawNextBatch(study, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: samplesKey(study) }),
  });
  const request = requestOf(settings);
  const previewed = preview.data && preview.variables && sameRequest(preview.variables, request);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    draw.reset();
    preview.mutate(request);
  };
  return (
    <PanelForm id={id} title="Draw the next batch" onSubmit={submit}>
      <div className="console-form console-form-grid">
        <fieldset className="field role-checks">
          <legend>Design</legend>
          {DESIGNS.map((design) => (
            <label key={design.name} className="check-inline" title={design.hint}>
              <input
                type="radio"
                name={`${id}-design`}
                checked={settings.design === design.name}
                onChange={() => set({ design: design.name })}
                aria-describedby={`${id}-design-${design.name}`}
              />
              {design.label}
              <span id={`${id}-design-${design.name}`} className="visually-hidden">
                {design.hint}
              </span>
            </label>
          ))}
        </fieldset>
        <NumberField
          id={`${id}-size`}
          label="Batch size N"
          min={1}
          max={100000}
          required
          value={settings.size}
          onChange={(size) => set({ size })}
        />
        <NumberField
          id={`${id}-seed`}
          label="Batch seed"
          required
          step={1}
          value={settings.seed}
          onChange={(seed) => set({ seed })}
          hint="The same seed on the same study draws the same batch."
        />
        <NumberField
          id={`${id}-floor`}
          label="Least π (floor)"
          min={0.001}
          max={1}
          fractional
          value={settings.floor}
          placeholder="default"
          onChange={(floor) => set({ floor })}
          hint="Empty: a fifth of the uniform chance N ÷ not drawn yet."
        />
        <div className="field">
          <button type="submit" className="button-secondary" disabled={preview.isPending}>
            {preview.isPending ? 'Previewing…' : 'Preview batch'}
          </button>
        </div>
      </div>
      {preview.isError && (
        <p role="alert" className="form-alert">
          {preview.error.message}
        </p>
      )}
      {previewed && preview.data && (
        <section aria-label={`Preview of batch ${preview.data.batch}`}>
          <BatchPreviewTable preview={preview.data} />
          <button
            type="button"
            className="button-primary"
            disabled={draw.isPending || draw.isSuccess}
            onClick={() => draw.mutate(request)}
          >
            {draw.isPending ? 'Drawing…' : `Draw batch ${preview.data.batch}`}
          </button>
        </section>
      )}
      {draw.isError && (
        <p role="alert" className="form-alert">
          {draw.error.message}
        </p>
      )}
      {draw.data && (
        <div role="status" className="notice notice-info">
          <p>
            Batch {draw.data.batch.batch} drawn as version {draw.data.sample.version}: {draw.data.drawn}{' '}
            arguments. <Link to={consolePath(study, 'assignment')}>Assign them</Link> like any sample version.
          </p>
        </div>
      )}
    </PanelForm>
  );
}
