import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { ArgumentDetail, JudgementView } from '../../api/console.ts';
import { argumentDetailQuery } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { Loading, QueryError } from '../../components/Status.tsx';
import { consolePath } from './consolePaths.ts';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';

const CASES = [
  ['current', 'Current case'],
  ['tsc1', 'TSC1'],
  ['tsc2', 'TSC2'],
] as const;

interface Column {
  readonly label: string;
  readonly note: string;
  readonly factors: Pick<JudgementView, 'current' | 'tsc1' | 'tsc2'> | null;
}

/** Every source of factors side by side: the triple (what was asked), extractors, annotators, gold. */
function columnsOf(detail: ArgumentDetail): Column[] {
  const columns: Column[] = [];
  if (detail.triple)
    columns.push({
      label: 'Triple',
      note: detail.triple.mode,
      factors: {
        current: detail.triple.current.factors,
        tsc1: detail.triple.tsc1.factors,
        tsc2: detail.triple.tsc2.factors,
      },
    });
  for (const extraction of detail.extractions)
    columns.push({
      label: extraction.extractor,
      note: extraction.status === 'failed' ? `failed: ${extraction.error ?? ''}` : 'extractor',
      factors: extraction.status === 'failed' ? null : extraction,
    });
  for (const annotation of detail.annotations)
    columns.push({
      label: annotation.annotator,
      note: `annotator · ${annotation.status}`,
      factors: annotation.judgement,
    });
  if (detail.gold)
    columns.push({
      label: 'Gold',
      note: `${detail.gold.status}${detail.gold.adjudicator ? ` · ${detail.gold.adjudicator}` : ''}`,
      factors: detail.gold.judgement,
    });
  return columns;
}

/** One argument's full record (role `admin`): its triple, text, every extraction, annotation and gold. */
export function ArgumentDetailScreen() {
  const { study = '', argumentId = '' } = useParams();
  const detail = useQuery(argumentDetailQuery(study, argumentId));
  useDocumentTitle(`${argumentId} · arguments · ${study}`);
  return (
    <div className="console-page">
      <p>
        <Link to={consolePath(study, 'arguments')} className="back-link">
          ← All arguments
        </Link>
      </p>
      <PageHeading eyebrow={<>Argument · {study}</>} title={argumentId} />
      {detail.status === 'pending' ? (
        <Loading>Loading the argument…</Loading>
      ) : detail.status === 'error' ? (
        <QueryError error={detail.error} onRetry={() => void detail.refetch()} />
      ) : (
        <>
          <p className="muted">
            {detail.data.argument.model} · test {detail.data.argument.test} · triple{' '}
            {detail.data.argument.triple_id}
            {detail.data.argument.finish_reason
              ? ` · finish reason ${detail.data.argument.finish_reason}`
              : ''}
          </p>
          <DataTable
            caption="Factors by source"
            heads={
              <>
                <th scope="col">Case</th>
                {columnsOf(detail.data).map((column) => (
                  <th key={`${column.label}-${column.note}`} scope="col">
                    {column.label} <span className="muted">({column.note})</span>
                  </th>
                ))}
              </>
            }
          >
            {CASES.map(([key, label]) => (
              <tr key={key}>
                <th scope="row">{label}</th>
                {columnsOf(detail.data).map((column) => (
                  <td key={`${column.label}-${column.note}`}>
                    {column.factors === null ? '—' : column.factors[key].join(', ') || '(none)'}
                  </td>
                ))}
              </tr>
            ))}
          </DataTable>
          <section className="panel" aria-labelledby="argument-text-title">
            <h2 id="argument-text-title" className="panel-title">
              Text
            </h2>
            <div className="argument-full-text">{detail.data.argument.text}</div>
          </section>
        </>
      )}
    </div>
  );
}
