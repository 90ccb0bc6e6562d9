import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ArgumentListPage } from '../../../shared/console-api.ts';
import { type ArgumentFilters, argumentListQuery } from '../../api/console.ts';
import { useDocumentTitle } from '../../components/a11y.ts';
import { EmptyState, Loading, QueryError } from '../../components/Status.tsx';
import { argumentConsolePath } from './consolePaths.ts';
import './console.css';
import { DataTable } from '../../components/DataTable.tsx';
import { NumHead } from '../../components/NumHead.tsx';
import { PageHeading } from '../../components/PageHeading.tsx';
import { Pager } from '../../components/Pager.tsx';

const PAGE_SIZE = 25;
const FILTER_KEYS = ['q', 'model', 'test', 'sampled', 'annotated', 'adjudicated'] as const;

function YesNo({
  id,
  label,
  value,
  onChange,
}: {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onChange: (value: string) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        <option value="">all</option>
        <option value="yes">yes</option>
        <option value="no">no</option>
      </select>
    </div>
  );
}

/** One page of the arguments: a row each, linking to its record, with every extractor's status. */
function ArgumentTable({
  study,
  data,
  page,
  pages,
}: {
  readonly study: string;
  readonly data: ArgumentListPage;
  readonly page: number;
  readonly pages: number;
}) {
  return (
    <DataTable
      caption={
        <>
          {data.total} argument(s), by id · page {page} of {pages}
        </>
      }
      heads={
        <>
          <th scope="col">Argument</th>
          <th scope="col">Model</th>
          <NumHead>Test</NumHead>
          <th scope="col">Triple</th>
          <th scope="col">Sampled</th>
          <NumHead>Annotated</NumHead>
          <th scope="col">Adjudicated</th>
          {data.extractors.map((extractor) => (
            <th key={extractor} scope="col">
              {extractor}
            </th>
          ))}
        </>
      }
    >
      {data.items.map((item) => (
        <tr key={item.argumentId}>
          <th scope="row">
            <Link to={argumentConsolePath(study, item.argumentId)}>{item.argumentId}</Link>
          </th>
          <td>{item.model}</td>
          <td className="num">{item.test}</td>
          <td>{item.tripleId}</td>
          <td>{item.sampled ? 'yes' : '—'}</td>
          <td className="num">{item.annotations}</td>
          <td>{item.adjudicated ? 'yes' : '—'}</td>
          {data.extractors.map((extractor) => {
            const status = item.extractions[extractor];
            return (
              <td key={extractor}>
                {status === undefined ? (
                  <span className="muted">missing</span>
                ) : status === 'failed' ? (
                  <span className="badge badge-warn">failed</span>
                ) : (
                  'extracted'
                )}
              </td>
            );
          })}
        </tr>
      ))}
    </DataTable>
  );
}

/**
 * Every argument of the study (role `admin`): a table filtered, sorted and paginated on the server,
 * the filters kept in the URL (so a view can be bookmarked and Back works), each row opening the
 * argument's full record.
 */
export function ArgumentsScreen() {
  const { study = '' } = useParams();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const filters: ArgumentFilters = Object.fromEntries(
    [...FILTER_KEYS, 'page'].map((key) => [key, params.get(key) ?? '']),
  );
  const page = Math.max(1, Number(filters.page) || 1);
  const list = useQuery(argumentListQuery(study, filters, PAGE_SIZE));
  const [search, setSearch] = useState(filters.q ?? '');
  useDocumentTitle(`Arguments · ${study}`);

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value === '') next.delete(key);
    else next.set(key, value);
    next.delete('page');
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setFilter('q', search.trim());
  };
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="console-page">
      <PageHeading eyebrow={<>Study console · {study}</>} title="Arguments" />
      <form className="panel console-form" aria-label="Filter the arguments" onSubmit={submitSearch}>
        <div className="field">
          <label htmlFor={`${id}-q`}>Search id, triple or text</label>
          <input
            id={`${id}-q`}
            type="search"
            maxLength={200}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>Model</label>
          <select
            id={`${id}-model`}
            value={filters.model ?? ''}
            onChange={(event) => setFilter('model', event.target.value)}
          >
            <option value="">all</option>
            {(data?.models ?? []).map((model) => (
              <option key={model}>{model}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-test`}>Test</label>
          <select
            id={`${id}-test`}
            value={filters.test ?? ''}
            onChange={(event) => setFilter('test', event.target.value)}
          >
            <option value="">all</option>
            <option value="1">1</option>
            <option value="2">2</option>
            <option value="3">3</option>
          </select>
        </div>
        <YesNo
          id={`${id}-sampled`}
          label="Sampled"
          value={filters.sampled ?? ''}
          onChange={(value) => setFilter('sampled', value)}
        />
        <YesNo
          id={`${id}-annotated`}
          label="Annotated"
          value={filters.annotated ?? ''}
          onChange={(value) => setFilter('annotated', value)}
        />
        <YesNo
          id={`${id}-adjudicated`}
          label="Adjudicated"
          value={filters.adjudicated ?? ''}
          onChange={(value) => setFilter('adjudicated', value)}
        />
        <div className="field">
          <button type="submit" className="button-primary">
            Search
          </button>
        </div>
      </form>
      {list.status === 'pending' ? (
        <Loading>Loading arguments…</Loading>
      ) : list.status === 'error' ? (
        <QueryError error={list.error} onRetry={() => void list.refetch()} />
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          <p>No argument matches these filters.</p>
        </EmptyState>
      ) : (
        data && (
          <>
            <ArgumentTable study={study} data={data} page={page} pages={pages} />
            <Pager page={page} pages={pages} onPage={goTo} label="Pages of the arguments" />
          </>
        )
      )}
    </div>
  );
}
