import { type UseMutationResult, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { UPLOAD_KINDS } from '../../../shared/console-api.ts';
import { MODES, TESTS } from '../../../shared/vocabulary.ts';
import {
  type ImportSummaryView,
  importHistoryKey,
  importHistoryQuery,
  importProblems,
  type UploadKind,
  uploadImport,
} from '../../api/console.ts';
import type { ApiError } from '../../api/errors.ts';
import { studiesQuery, studyOverviewQuery } from '../../api/studies.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { formatDateTime, percent } from '../../format.ts';
import { OverviewBody } from '../study/OverviewBody.tsx';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PanelForm } from '../../components/PanelForm.tsx';

/** The most bad records listed on the page; the count says how many there were. */
const PROBLEMS_SHOWN = 200;

/** A paper log's own fields: it does not say which model wrote it, for which test, nor under which extractor. */
function PaperLogFields(props: {
  readonly id: string;
  readonly model: string;
  readonly test: string;
  readonly extractor: string;
  readonly onModel: (model: string) => void;
  readonly onTest: (test: string) => void;
  readonly onExtractor: (extractor: string) => void;
}) {
  const { id } = props;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-model`}>Model</label>
        <input
          id={`${id}-model`}
          required
          maxLength={200}
          value={props.model}
          placeholder="gpt-4o"
          onChange={(event) => props.onModel(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-test`}>Test</label>
        <select
          id={`${id}-test`}
          required
          value={props.test}
          onChange={(event) => props.onTest(event.target.value)}
        >
          <option value="" disabled>
            choose
          </option>
          {TESTS.map((known) => (
            <option key={known} value={String(known)}>
              {known}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-extractor`}>Extractor</label>
        <input
          id={`${id}-extractor`}
          required
          maxLength={200}
          value={props.extractor}
          aria-describedby={`${id}-fields-hint`}
          onChange={(event) => props.onExtractor(event.target.value)}
        />
      </div>
    </>
  );
}

/** What an upload came to: the counts and warnings of an import, or every bad record (the first 200 listed). */
function UploadOutcome({
  upload,
}: {
  readonly upload: UseMutationResult<ImportSummaryView, ApiError, File>;
}) {
  const problems = upload.error ? importProblems(upload.error) : [];
  return (
    <>
      {upload.isSuccess && (
        <div role="status" className="notice notice-info">
          <p>
            Imported {upload.data.file} into {upload.data.study}
            {upload.data.studyCreated ? ' (a new study)' : ''}: {upload.data.counts.records} records,{' '}
            {upload.data.counts.inserted} new, {upload.data.counts.replaced} replaced,{' '}
            {upload.data.counts.unchanged} unchanged.
          </p>
          {upload.data.warnings.length > 0 && (
            <ul>
              {upload.data.warnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {upload.isError && (
        <div role="alert" className="notice notice-error">
          <p>{upload.error.message}</p>
          {problems.length > 0 && (
            <ul className="import-problems" aria-label="Bad records">
              {problems.slice(0, PROBLEMS_SHOWN).map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          )}
          {problems.length > PROBLEMS_SHOWN && <p>… and {problems.length - PROBLEMS_SHOWN} more.</p>}
        </div>
      )}
    </>
  );
}

function UploadForm({
  study,
  onStudy,
}: {
  readonly study: string;
  readonly onStudy: (study: string) => void;
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<UploadKind>('triples');
  const [file, setFile] = useState<File | null>(null);
  const [replace, setReplace] = useState(false);
  // A scenario CSV's mode ('' = read from the file name); a paper log's model, test and extractor.
  const [mode, setMode] = useState('');
  const [model, setModel] = useState('');
  const [test, setTest] = useState('');
  const [extractor, setExtractor] = useState('gpt-4.1');
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const fields = kind === 'triples' ? { mode } : kind === 'paper-log' ? { model, test, extractor } : {};
  const upload = useMutation<ImportSummaryView, ApiError, File>({
    mutationFn: (chosen) =>
      uploadImport({ study, kind, file: chosen, replace, fields }, (done, total) =>
        setSent({ sent: done, total }),
      ),
    onSuccess: (summary) => {
      void queryClient.invalidateQueries({ queryKey: importHistoryKey(summary.study) });
      // The study list and every study's overview (its counts changed).
      void queryClient.invalidateQueries({ queryKey: ['studies'] });
      onStudy(summary.study);
    },
    onSettled: () => setSent(null),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file) upload.mutate(file);
  };
  return (
    <PanelForm id={id} title="Import a file" onSubmit={submit}>
      <div className="console-form">
        <div className="field">
          <label htmlFor={`${id}-kind`}>Kind</label>
          <select
            id={`${id}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value as UploadKind)}
          >
            {UPLOAD_KINDS.map((known) => (
              <option key={known}>{known}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-file`}>File (JSONL, JSON or CSV)</label>
          <input
            id={`${id}-file`}
            type="file"
            required
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        {kind === 'triples' && (
          <div className="field">
            <label htmlFor={`${id}-mode`}>Mode (scenario CSV)</label>
            <select
              id={`${id}-mode`}
              value={mode}
              aria-describedby={`${id}-fields-hint`}
              onChange={(event) => setMode(event.target.value)}
            >
              <option value="">from the file name</option>
              {MODES.map((known) => (
                <option key={known} value={known}>
                  {known}
                </option>
              ))}
            </select>
          </div>
        )}
        {kind === 'paper-log' && (
          <PaperLogFields
            id={id}
            model={model}
            test={test}
            extractor={extractor}
            onModel={setModel}
            onTest={setTest}
            onExtractor={setExtractor}
          />
        )}
        <div className="field">
          <label className="check-inline">
            <input type="checkbox" checked={replace} onChange={(event) => setReplace(event.target.checked)} />
            Replace changed records
          </label>
        </div>
        <div className="field">
          <button type="submit" className="button-primary" disabled={upload.isPending || file === null}>
            {upload.isPending ? 'Importing…' : `Import into ${study}`}
          </button>
        </div>
      </div>
      {kind === 'triples' && (
        <p id={`${id}-fields-hint`} className="hint">
          Mode: only for the study&apos;s scenario CSV whose file name does not say arguable, reordered or
          non_arguable.
        </p>
      )}
      {kind === 'paper-log' && (
        <p id={`${id}-fields-hint`} className="hint">
          A paper log does not say which model wrote it nor for which test: give them. Extractor: the name its
          distilled factors are stored under.
        </p>
      )}
      <p className="hint">
        All or nothing, as <code>npm run -s cli -- import KIND FILE</code> (with its <code>--mode</code>,{' '}
        <code>--model</code>, <code>--test</code> and <code>--extractor</code> above): if one record is bad,
        nothing is imported and every bad record is listed.
      </p>
      {sent && (
        <progress className="progress" max={Math.max(sent.total, 1)} value={sent.sent} aria-label="Upload">
          {percent(sent.sent, sent.total)} %
        </progress>
      )}
      <UploadOutcome upload={upload} />
    </PanelForm>
  );
}

function ImportHistory({ study }: { readonly study: string }) {
  const [page, setPage] = useState(1);
  const history = useQuery(importHistoryQuery(study, page));
  if (history.status === 'pending') return <Loading>Loading the import history…</Loading>;
  if (history.status === 'error')
    return history.error.code === 'not_found' ? (
      <EmptyState>
        <p>Study {study} does not exist yet: its first import creates it.</p>
      </EmptyState>
    ) : (
      <QueryError error={history.error} onRetry={() => void history.refetch()} />
    );
  const { items, total, pageSize } = history.data;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total === 0)
    return (
      <EmptyState>
        <p>Nothing imported into {study} yet.</p>
      </EmptyState>
    );
  return (
    <>
      <DataTable
        caption={
          <>
            Imports into {study}, newest first ({total}) · page {page} of {pages}
          </>
        }
        heads={
          <>
            <th scope="col">When</th>
            <th scope="col">Kind</th>
            <th scope="col">File</th>
            <th scope="col">SHA-256</th>
            <NumHead>Records</NumHead>
            <NumHead>New</NumHead>
            <NumHead>Replaced</NumHead>
            <NumHead>Unchanged</NumHead>
            <th scope="col">By</th>
          </>
        }
      >
        {items.map((item) => (
          <tr key={`${item.importedAt}-${item.sha256}-${item.kind}`}>
            <td>{formatDateTime(item.importedAt)}</td>
            <td>{item.kind}</td>
            <th scope="row">{item.fileName}</th>
            <td>
              <code title={item.sha256}>{item.sha256.slice(0, 12)}…</code>
            </td>
            <td className="num">{item.records}</td>
            <td className="num">{item.inserted}</td>
            <td className="num">{item.replaced}</td>
            <td className="num">{item.unchanged}</td>
            <td>{item.actor ?? 'command line'}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} label="Import history pages" />
    </>
  );
}

/** The study overview's counts (the `status` command's), once the study exists. */
function StudyContents({ study }: { readonly study: string }) {
  const overview = useQuery(studyOverviewQuery(study));
  if (overview.status === 'pending') return <Loading>Loading the overview…</Loading>;
  if (overview.status === 'error')
    return overview.error.code === 'not_found' ? null : (
      <QueryError error={overview.error} onRetry={() => void overview.refetch()} />
    );
  return <OverviewBody overview={overview.data} />;
}

/**
 * Data (role `admin`): upload a file of one of the import kinds into a study (a new one too), with a progress
 * bar and every bad record listed, and the study's import history (file, digest, counts, who, when).
 */
export function DataScreen() {
  const id = useId();
  const studies = useQuery(studiesQuery);
  const [params, setParams] = useSearchParams();
  const study = params.get('study') ?? studies.data?.[0]?.name ?? 'default';
  const [typed, setTyped] = useState(study);
  useDocumentTitle('Data · study console');
  const choose = (name: string) => {
    setTyped(name);
    setParams(new URLSearchParams({ study: name }));
  };
  return (
    <div className="console-page">
      <PageHeading eyebrow="Study console" title="Data">
        <form
          className="field field-inline"
          onSubmit={(event) => {
            event.preventDefault();
            if (typed.trim() !== '') choose(typed.trim());
          }}
        >
          <label htmlFor={`${id}-study`}>Study</label>
          <input
            id={`${id}-study`}
            list={`${id}-studies`}
            maxLength={64}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <datalist id={`${id}-studies`}>
            {(studies.data ?? []).map((known) => (
              <option key={known.name} value={known.name} />
            ))}
          </datalist>
          <button type="submit" className="button-secondary button-small">
            Show
          </button>
        </form>
      </PageHeading>
      <UploadForm study={study} onStudy={choose} />
      <h2>Import history</h2>
      <ImportHistory study={study} />
      <h2>What {study} holds</h2>
      <StudyContents study={study} />
    </div>
  );
}
