import { type FormEvent, useId, useState } from 'react';
import { MAX_SERVED_REPLICATES } from '../../../shared/report-api.ts';
import { percent } from '../../../shared/report-document/blocks.ts';
import { reportUrl } from '../../api/report.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { REPORT_LEVELS, type ReportSettings, reportSettingsSchema } from './reportSettings.ts';

/** What the form holds while being edited: the inputs' text. */
interface Draft {
  seed: string;
  replicates: string;
  level: string;
  extractor: string;
  altEpsilon: string;
  lambda: string;
}

function draftOf(settings: ReportSettings): Draft {
  return {
    seed: String(settings.seed),
    replicates: String(settings.replicates),
    level: String(settings.level),
    extractor: settings.extractor ?? '',
    altEpsilon: String(settings.altEpsilon),
    lambda: String(settings.lambda),
  };
}

/**
 * How the report is computed — bootstrap seed and replicates, interval level, the extractor that
 * decides the claims, λ of the corrected estimates, the alternative annotator test's ε — applied together with "Compute" (a report takes seconds, so not on every
 * keystroke), and the same report to download as one HTML file or as Markdown. Keyed by the applied
 * settings, so the form shows them again after the back button.
 */
export function ReportControls({
  study,
  settings,
  extractors,
  onApply,
}: {
  readonly study: string;
  readonly settings: ReportSettings;
  /** The study's extractors, once a report has named them. */
  readonly extractors: readonly string[];
  readonly onApply: (settings: ReportSettings) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const set = (field: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(
      reportSettingsSchema.parse({
        ...draft,
        extractor: draft.extractor === '' ? undefined : draft.extractor,
      }),
    );
  };
  const choices = [
    ...new Set([...extractors, ...(settings.extractor === undefined ? [] : [settings.extractor])]),
  ];
  return (
    <section className="panel report-controls" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        How the report is computed
      </h2>
      <form className="report-form" onSubmit={submit}>
        <NumberField
          id={`${id}-seed`}
          label="Bootstrap seed"
          step={1}
          required
          value={draft.seed}
          onChange={set('seed')}
        />
        <NumberField
          id={`${id}-replicates`}
          label="Replicates"
          min={0}
          max={MAX_SERVED_REPLICATES}
          step={1}
          required
          hint={<>0 skips the bootstrap; at most {MAX_SERVED_REPLICATES.toLocaleString('en')}</>}
          hintClassName="report-hint"
          value={draft.replicates}
          onChange={set('replicates')}
        />
        <div className="field">
          <label htmlFor={`${id}-level`}>Interval level</label>
          <select
            id={`${id}-level`}
            value={draft.level}
            onChange={(event) => set('level')(event.target.value)}
          >
            {[...new Set([...REPORT_LEVELS, settings.level])].map((level) => (
              <option key={level} value={String(level)}>
                {percent(level)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-extractor`}>Claims judged with</label>
          <select
            id={`${id}-extractor`}
            value={draft.extractor}
            onChange={(event) => set('extractor')(event.target.value)}
          >
            <option value="">the default extractor</option>
            {choices.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-lambda`}>Corrected estimates</label>
          <select
            id={`${id}-lambda`}
            aria-describedby={`${id}-lambda-hint`}
            value={draft.lambda}
            onChange={(event) => set('lambda')(event.target.value)}
          >
            <option value="1">λ = 1 (difference estimator)</option>
            <option value="tuned">tuned λ (PPI++)</option>
          </select>
          <span id={`${id}-lambda-hint`} className="report-hint">
            λ = 1 is the paper's; tuned λ is never wider than gold alone
          </span>
        </div>
        <NumberField
          id={`${id}-alt-epsilon`}
          label="Alternative annotator test ε"
          min={0.01}
          max={0.99}
          step={0.01}
          required
          hint="0.2 for expert annotators, 0.15 skilled, 0.1 crowd workers"
          hintClassName="report-hint"
          value={draft.altEpsilon}
          onChange={set('altEpsilon')}
        />
        <button type="submit" className="button-primary">
          Compute
        </button>
      </form>
      <p className="report-downloads">
        <span className="muted">The same report as a file:</span>{' '}
        <a href={reportUrl(study, settings, 'html')} download={`factor-audit-report-${study}.html`}>
          Download HTML
        </a>{' '}
        <span aria-hidden="true">·</span>{' '}
        <a href={reportUrl(study, settings, 'md')} download={`factor-audit-report-${study}.md`}>
          Download Markdown
        </a>{' '}
        <span className="muted">
          (computed again with these settings: the same seed gives the same figures)
        </span>
      </p>
    </section>
  );
}
