import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import {
  type DrawSampleRequest,
  type SampleSummary,
  STRATUM_ATTRIBUTES,
  type StratumAttribute,
} from '../../../shared/sample-api.ts';
import { drawSample, samplesKey, samplesQuery } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { NextBatchForm } from './NextBatchForm.tsx';
import { SamplePlanner } from './SamplePlanner.tsx';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { PanelForm } from '../../components/PanelForm.tsx';
import { formatDateTime } from '../../format.ts';

type AllocationKind = 'equal' | 'proportional' | 'minimum';

interface Settings {
  size: string;
  allocation: AllocationKind;
  minimum: string;
  strata: StratumAttribute[];
  seed: string;
  excludeSampled: boolean;
}

function randomSeed(): string {
  return String(Math.floor(Math.random() * 1_000_000));
}

const DEFAULTS: Omit<Settings, 'seed'> = {
  size: '50',
  allocation: 'equal',
  minimum: '5',
  strata: ['model', 'test'],
  excludeSampled: false,
};

function settingsOf(sample: SampleSummary): Settings {
  const stored = sample.allocation;
  const allocation = typeof stored !== 'string' && 'design' in stored ? DEFAULTS.allocation : stored;
  return {
    size: String(sample.size),
    allocation: typeof allocation === 'string' ? allocation : 'minimum',
    minimum: typeof allocation === 'string' ? DEFAULTS.minimum : String(allocation.minimumPerStratum),
    strata: sample.strataBy,
    seed: String(sample.seed),
    excludeSampled: sample.excludedPrevious,
  };
}

function allocationLabel(allocation: SampleSummary['allocation']): string {
  if (typeof allocation !== 'string' && 'design' in allocation)
    return `a batch of the ${allocation.design} design (weights 1/π per argument)`;
  return typeof allocation === 'string' ? allocation : `at least ${allocation.minimumPerStratum} per stratum`;
}

function DrawForm({
  settings,
  onChange,
  onDrawn,
  study,
}: {
  readonly settings: Settings;
  readonly onChange: (settings: Settings) => void;
  readonly onDrawn: (result: { version: number; drawn: number; size: number; warnings: string[] }) => void;
  readonly study: string;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const draw = useMutation({
    mutationFn: (body: DrawSampleRequest) => drawSample(study, body),
    onSuccess: (answer) => {
      void queryClient.invalidateQueries({ queryKey: samplesKey(study) });
      onDrawn({ ...answer.sample, warnings: answer.warnings });
    },
  });
  const set = (change: Partial<Settings>) => onChange({ ...settings, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    draw.mutate({
      size: Number(settings.size),
      seed: Number(settings.seed),
      strata: settings.strata,
      excludeSampled: settings.excludeSampled,
      allocation:
        settings.allocation === 'minimum'
          ? { minimumPerStratum: Number(settings.minimum) }
          : settings.allocation,
    });
  };
  return (
    <PanelForm id={id} title="Draw a new version" onSubmit={submit}>
      <div className="console-form console-form-grid">
        <NumberField
          id={`${id}-size`}
          label="Size"
          min={1}
          max={100000}
          required
          value={settings.size}
          onChange={(size) => set({ size })}
        />
        <NumberField
          id={`${id}-seed`}
          label="Seed"
          required
          step={1}
          value={settings.seed}
          onChange={(seed) => set({ seed })}
          hint="The same seed and settings draw the same sample."
          around={(input) => (
            <span className="one-time-password-row">
              {input}
              <button
                type="button"
                className="button-secondary button-small"
                onClick={() => set({ seed: randomSeed() })}
              >
                New seed
              </button>
            </span>
          )}
        />
        <fieldset className="field role-checks">
          <legend>Allocation</legend>
          {(['equal', 'proportional', 'minimum'] as const).map((kind) => (
            <label key={kind} className="check-inline">
              <input
                type="radio"
                name={`${id}-allocation`}
                checked={settings.allocation === kind}
                onChange={() => set({ allocation: kind })}
              />
              {kind === 'minimum' ? 'minimum per stratum' : kind}
            </label>
          ))}
          {settings.allocation === 'minimum' && (
            <label className="check-inline">
              at least
              <input
                type="number"
                min={1}
                required
                value={settings.minimum}
                onChange={(event) => set({ minimum: event.target.value })}
                aria-label="Minimum per stratum"
                className="input-narrow"
              />
            </label>
          )}
        </fieldset>
        <fieldset className="field role-checks">
          <legend>Strata</legend>
          {STRATUM_ATTRIBUTES.map((attribute) => (
            <label key={attribute} className="check-inline">
              <input
                type="checkbox"
                checked={settings.strata.includes(attribute)}
                onChange={(event) =>
                  set({
                    strata: STRATUM_ATTRIBUTES.filter((known) =>
                      known === attribute ? event.target.checked : settings.strata.includes(known),
                    ),
                  })
                }
              />
              {attribute}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label className="check-inline">
            <input
              type="checkbox"
              checked={settings.excludeSampled}
              onChange={(event) => set({ excludeSampled: event.target.checked })}
            />
            Exclude arguments already sampled
          </label>
        </div>
        <div className="field">
          <button type="submit" className="button-primary" disabled={draw.isPending}>
            {draw.isPending ? 'Drawing…' : 'Draw sample'}
          </button>
        </div>
      </div>
      {draw.isError && (
        <p role="alert" className="form-alert">
          {draw.error.message}
        </p>
      )}
    </PanelForm>
  );
}

function SampleVersion({
  sample,
  onReuse,
}: {
  readonly sample: SampleSummary;
  readonly onReuse: () => void;
}) {
  const id = useId();
  const batch = typeof sample.allocation !== 'string' && 'design' in sample.allocation;
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className="panel-title">
        Version {sample.version}
        <span className="muted">
          {sample.drawn} of {sample.size} drawn · {formatDateTime(sample.createdAt)}
        </span>
      </h3>
      <p className="muted">
        Seed <code>{sample.seed}</code> · allocation {allocationLabel(sample.allocation)} · strata{' '}
        {sample.strataBy.join(' × ')}
        {sample.excludedPrevious ? ' · excluding earlier samples' : ''}{' '}
        <button type="button" className="link-button" onClick={onReuse}>
          Reuse these settings<span className="visually-hidden"> of version {sample.version}</span>
        </button>
      </p>
      <DataTable
        caption={<>Strata of version {sample.version}</>}
        captionClassName="visually-hidden"
        heads={
          <>
            <th scope="col">Stratum</th>
            <NumHead>
              Population N<sub>h</sub>
            </NumHead>
            <NumHead>Requested</NumHead>
            <NumHead>
              Drawn n<sub>h</sub>
            </NumHead>
            <NumHead>
              Weight N<sub>h</sub>/n<sub>h</sub>
            </NumHead>
          </>
        }
      >
        {sample.strata.map((stratum) => (
          <tr key={stratum.stratum}>
            <th scope="row">{stratum.stratum}</th>
            <td className="num">{stratum.populationSize}</td>
            <td className="num">{stratum.requested}</td>
            <td className="num">{stratum.drawn}</td>
            <td className="num">
              {stratum.drawn === 0 || batch ? '—' : (stratum.populationSize / stratum.drawn).toFixed(2)}
            </td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}

/**
 * The study's sample (role `admin`): draw a new version with the `sample` command's options (the same
 * service), see what fell short, and every version with its strata. Earlier versions never change.
 */
export function SampleScreen() {
  const { study = '' } = useParams();
  const samples = useQuery(samplesQuery(study));
  const [settings, setSettings] = useState<Settings>(() => ({ ...DEFAULTS, seed: randomSeed() }));
  const [drawn, setDrawn] = useState<{
    version: number;
    drawn: number;
    size: number;
    warnings: string[];
  } | null>(null);
  useDocumentTitle(`Sample · ${study}`);
  const versions = [...(samples.data ?? [])].reverse();

  return (
    <div className="console-page">
      <PageHeading eyebrow={<>Study console · {study}</>} title="Sample" />
      <div className="console-columns">
        <DrawForm study={study} settings={settings} onChange={setSettings} onDrawn={setDrawn} />
        <SamplePlanner />
      </div>
      {drawn && (
        <div role="status" className={`notice ${drawn.warnings.length > 0 ? 'notice-warn' : 'notice-info'}`}>
          <p>
            Version {drawn.version} drawn: {drawn.drawn} of {drawn.size} arguments.
          </p>
          {drawn.warnings.length > 0 && (
            <ul>
              {drawn.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {versions.length > 0 && <NextBatchForm study={study} seed={settings.seed} />}
      <h2>Versions</h2>
      {samples.status === 'pending' ? (
        <Loading>Loading the sample…</Loading>
      ) : samples.status === 'error' ? (
        <QueryError error={samples.error} onRetry={() => void samples.refetch()} />
      ) : versions.length === 0 ? (
        <EmptyState>
          <p>No sample drawn yet. Draw the first version above (or: npm run -s cli -- sample --seed N).</p>
        </EmptyState>
      ) : (
        versions.map((sample) => (
          <SampleVersion
            key={sample.version}
            sample={sample}
            onReuse={() => setSettings(settingsOf(sample))}
          />
        ))
      )}
    </div>
  );
}
