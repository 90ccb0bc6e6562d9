import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useParams } from 'react-router';
import {
  type AssignInput,
  type AssignmentSummary,
  assignmentLogKey,
  assignmentLogQuery,
  assignSample,
  previewAssignment,
  reassignItems,
  samplesQuery,
  usersQuery,
} from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { NumberField } from '../../components/NumberField.tsx';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PanelForm } from '../../components/PanelForm.tsx';
import { formatDateTime } from '../../format.ts';

/** Ids typed one per line or separated by commas or spaces; blanks dropped. */
function idList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

function randomSeed(): string {
  return String(Math.floor(Math.random() * 1_000_000));
}

function Loads({ summary, title }: { readonly summary: AssignmentSummary; readonly title: string }) {
  const loads = Object.entries(summary.loads).sort(([a], [b]) => a.localeCompare(b));
  return (
    <table className="data-table data-table-narrow">
      <caption>
        {title}: the {summary.items} item(s) of sample version {summary.sampleVersion}
        {summary.calibration > 0 ? `, after ${summary.calibration} calibration item(s)` : ''}
      </caption>
      <thead>
        <tr>
          <th scope="col">Annotator</th>
          <NumHead>Items</NumHead>
        </tr>
      </thead>
      <tbody>
        {loads.map(([annotator, load]) => (
          <tr key={annotator}>
            <th scope="row">{annotator}</th>
            <td className="num">{load}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AssignForm({
  study,
  annotators,
}: {
  readonly study: string;
  readonly annotators: readonly string[];
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const samples = useQuery(samplesQuery(study));
  const [chosen, setChosen] = useState<string[]>([]);
  const [perItem, setPerItem] = useState('2');
  const [seed, setSeed] = useState(randomSeed);
  const [calibration, setCalibration] = useState('');
  const [version, setVersion] = useState('');
  const request = (): AssignInput => ({
    annotators: chosen,
    perItem: Number(perItem),
    seed: Number(seed),
    calibration: idList(calibration),
    ...(version === '' ? {} : { sampleVersion: Number(version) }),
  });
  const preview = useMutation({ mutationFn: (body: AssignInput) => previewAssignment(study, body) });
  const assign = useMutation({
    mutationFn: (body: AssignInput) => assignSample(study, body),
    onSuccess: () => {
      preview.reset();
      void queryClient.invalidateQueries({ queryKey: assignmentLogKey(study) });
      void queryClient.invalidateQueries({ queryKey: ['studies', study] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    assign.reset();
    preview.mutate(request());
  };
  const error = assign.error ?? preview.error;
  return (
    <PanelForm id={id} title="Assign a sample" onSubmit={submit}>
      <div className="console-form console-form-grid">
        <fieldset className="field role-checks">
          <legend>Annotators</legend>
          {annotators.length === 0 && (
            <span className="hint">No enabled account has the annotator role.</span>
          )}
          {annotators.map((name) => (
            <label key={name} className="check-inline">
              <input
                type="checkbox"
                checked={chosen.includes(name)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked ? [...current, name] : current.filter((held) => held !== name),
                  )
                }
              />
              {name}
            </label>
          ))}
        </fieldset>
        <div>
          <NumberField
            id={`${id}-per-item`}
            label="Annotators per item"
            min={1}
            max={200}
            required
            value={perItem}
            onChange={setPerItem}
          />
          <div className="field">
            <label htmlFor={`${id}-version`}>Sample version</label>
            <select id={`${id}-version`} value={version} onChange={(event) => setVersion(event.target.value)}>
              <option value="">the latest</option>
              {(samples.data ?? []).map((sample) => (
                <option key={sample.version} value={sample.version}>
                  version {sample.version} ({sample.drawn} items)
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <NumberField id={`${id}-seed`} label="Seed" required value={seed} onChange={setSeed} />
          <div className="field">
            <label htmlFor={`${id}-calibration`}>Calibration argument ids (optional)</label>
            <textarea
              id={`${id}-calibration`}
              rows={3}
              maxLength={100_000}
              value={calibration}
              onChange={(event) => setCalibration(event.target.value)}
              aria-describedby={`${id}-calibration-hint`}
            />
            <span id={`${id}-calibration-hint`} className="hint">
              Every annotator named gets these first, in this order.
            </span>
          </div>
        </div>
      </div>
      <div className="row-actions">
        <button type="submit" className="button-secondary" disabled={preview.isPending}>
          {preview.isPending ? 'Previewing…' : 'Preview loads'}
        </button>
        <button
          type="button"
          className="button-primary"
          disabled={!preview.isSuccess || assign.isPending}
          onClick={() => assign.mutate(request())}
        >
          {assign.isPending ? 'Assigning…' : 'Assign'}
        </button>
      </div>
      {!preview.isSuccess && !assign.isSuccess && (
        <p className="hint">Preview the loads first; nothing is written until Assign.</p>
      )}
      {preview.isSuccess && <Loads summary={preview.data} title="Would assign" />}
      {assign.isSuccess && (
        <div role="status">
          <Loads summary={assign.data} title="Assigned" />
        </div>
      )}
      {error && (
        <p role="alert" className="form-alert">
          {error.message}
        </p>
      )}
    </PanelForm>
  );
}

function ReassignForm({
  study,
  annotators,
  accounts,
}: {
  readonly study: string;
  /** Who may receive work: enabled annotators. */
  readonly annotators: readonly string[];
  /** Whose work may move: every account, a disabled one (someone who left) above all. */
  readonly accounts: readonly { username: string; disabled: boolean }[];
}) {
  const id = useId();
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [items, setItems] = useState('');
  const move = useMutation({
    mutationFn: () => {
      const only = idList(items);
      return reassignItems(study, { from, to, ...(only.length === 0 ? {} : { items: only }) });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: assignmentLogKey(study) });
      void queryClient.invalidateQueries({ queryKey: ['studies', study] });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    move.mutate();
  };
  return (
    <PanelForm id={id} title="Reassign unfinished work" onSubmit={submit}>
      <div className="console-form">
        <div className="field">
          <label htmlFor={`${id}-from`}>From</label>
          <select id={`${id}-from`} required value={from} onChange={(event) => setFrom(event.target.value)}>
            <option value="">choose…</option>
            {accounts.map((account) => (
              <option key={account.username} value={account.username}>
                {account.username}
                {account.disabled ? ' (disabled)' : ''}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-to`}>To</label>
          <select id={`${id}-to`} required value={to} onChange={(event) => setTo(event.target.value)}>
            <option value="">choose…</option>
            {annotators.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-items`}>Only these argument ids (optional)</label>
          <input
            id={`${id}-items`}
            value={items}
            maxLength={100_000}
            onChange={(event) => setItems(event.target.value)}
          />
        </div>
        <div className="field">
          <button type="submit" className="button-primary" disabled={move.isPending}>
            {move.isPending ? 'Moving…' : 'Reassign'}
          </button>
        </div>
      </div>
      <p className="hint">Submitted items stay with their annotator; every move is logged.</p>
      {move.isSuccess && (
        <div role="status" className="notice notice-info">
          <p>
            Moved {move.data.moved.length} item(s) from {from} to {to}
            {move.data.skipped.length > 0 ? `; ${move.data.skipped.length} stayed:` : '.'}
          </p>
          {move.data.skipped.length > 0 && (
            <ul>
              {move.data.skipped.slice(0, 20).map((skipped) => (
                <li key={skipped.itemId}>
                  {skipped.itemId}: {skipped.reason}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {move.isError && (
        <p role="alert" className="form-alert">
          {move.error.message}
        </p>
      )}
    </PanelForm>
  );
}

function AssignmentLog({ study }: { readonly study: string }) {
  const [page, setPage] = useState(1);
  const log = useQuery(assignmentLogQuery(study, page));
  if (log.status === 'pending') return <Loading>Loading the assignment log…</Loading>;
  if (log.status === 'error') return <QueryError error={log.error} onRetry={() => void log.refetch()} />;
  const { total, pageSize, items } = log.data;
  if (total === 0)
    return (
      <EmptyState>
        <p>Nothing assigned yet.</p>
      </EmptyState>
    );
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <>
      <DataTable
        caption={
          <>
            Assignment log, newest first ({total}) · page {page} of {pages}
          </>
        }
        heads={
          <>
            <th scope="col">When</th>
            <th scope="col">Action</th>
            <th scope="col">Argument</th>
            <th scope="col">From</th>
            <th scope="col">To</th>
            <th scope="col">By</th>
          </>
        }
      >
        {items.map((entry) => (
          // One argument reaches one annotator once per action and moment.
          <tr key={`${entry.at}|${entry.argumentId}|${entry.action}|${entry.from}|${entry.to}`}>
            <td>{formatDateTime(entry.at)}</td>
            <td>{entry.action}</td>
            <th scope="row">{entry.argumentId}</th>
            <td>{entry.from ?? '—'}</td>
            <td>{entry.to}</td>
            <td>{entry.actor ?? '—'}</td>
          </tr>
        ))}
      </DataTable>
      <Pager page={page} pages={pages} onPage={setPage} label="Assignment log pages" />
    </>
  );
}

/**
 * Assignment (role `admin`): preview and make the assignment of a sample (the `assign` command's
 * service, its dry run included), move unfinished work between annotators, and the log of both.
 */
export function AssignmentScreen() {
  const { study = '' } = useParams();
  const users = useQuery(usersQuery);
  useDocumentTitle(`Assignment · ${study}`);
  const annotators = (users.data ?? [])
    .filter((user) => user.roles.includes('annotator') && !user.disabled)
    .map((user) => user.username);
  return (
    <div className="console-page">
      <PageHeading eyebrow={<>Study console · {study}</>} title="Assignment" />
      {users.status === 'pending' ? (
        <Loading>Loading accounts…</Loading>
      ) : users.status === 'error' ? (
        <QueryError error={users.error} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <AssignForm study={study} annotators={annotators} />
          <ReassignForm study={study} annotators={annotators} accounts={users.data} />
        </>
      )}
      <h2>Log</h2>
      <AssignmentLog study={study} />
    </div>
  );
}
