import { Fragment, type ReactNode } from 'react';
import type { StudyOverview } from '../../../shared/api.ts';
import { TEST_OF_MODE } from '../../../shared/vocabulary.ts';
import { NumHead } from '../../components/NumHead.tsx';
import { EmptyState } from '../../components/Status.tsx';
import { importCommand } from './cliHints.ts';
import {
  type Counts,
  columnTotals,
  formatCount,
  modeLabel,
  modelRows,
  modeRows,
  testLabel,
} from './overviewTable.ts';

function Section({
  id,
  title,
  children,
}: {
  readonly id: string;
  readonly title: string;
  readonly children: ReactNode;
}) {
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Totals({ overview }: { readonly overview: StudyOverview }) {
  const { totals } = overview;
  const items: { label: string; value: number; note?: string }[] = [
    { label: 'Triples', value: totals.triples },
    { label: 'Arguments', value: totals.arguments },
    {
      label: 'Extractions',
      value: totals.extractions,
      note: `incl. ${formatCount(totals.failedExtractions)} failed`,
    },
    { label: 'Annotations', value: totals.annotations },
    { label: 'Gold (adjudicated)', value: totals.gold },
    { label: 'Reported values', value: totals.reportedValues },
  ];
  return (
    <dl className="totals">
      {items.map((item) => (
        <div key={item.label} className="total">
          <dt>{item.label}</dt>
          <dd>
            <span className="total-value">{formatCount(item.value)}</span>
            {item.note && <span className="total-note">{item.note}</span>}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A narrow table of named rows and count columns (triples per mode, extractors, annotators). */
function CountTable({
  caption,
  rowHeader,
  columns,
  rows,
}: {
  readonly caption: string;
  readonly rowHeader: string;
  readonly columns: readonly string[];
  readonly rows: readonly { key: string; header: ReactNode; counts: readonly number[] }[];
}) {
  return (
    <table className="data-table data-table-narrow">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{rowHeader}</th>
          {columns.map((column) => (
            <NumHead key={column}>{column}</NumHead>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.header}</th>
            {row.counts.map((count, index) => (
              <td key={columns[index]} className="num">
                {formatCount(count)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TriplesByMode({ overview }: { readonly overview: StudyOverview }) {
  if (overview.totals.triples === 0) {
    return (
      <EmptyState>
        <p>
          No triples yet. Import them with <code>{importCommand('triples', overview.study)}</code>.
        </p>
      </EmptyState>
    );
  }
  return (
    <CountTable
      caption="Triples per generation mode"
      rowHeader="Mode"
      columns={['Triples']}
      rows={modeRows(overview).map(({ mode, triples }) => ({
        key: mode,
        header: (
          <>
            {modeLabel(mode)} <span className="muted">(Test {TEST_OF_MODE[mode]})</span>
          </>
        ),
        counts: [triples],
      }))}
    />
  );
}

function CountCells({ counts }: { readonly counts: Counts }) {
  return (
    <>
      <td className="num group-start">{formatCount(counts.arguments)}</td>
      <td className="num">{formatCount(counts.extractions)}</td>
    </>
  );
}

function ModelsByTest({ overview }: { readonly overview: StudyOverview }) {
  const rows = modelRows(overview);
  if (rows.length === 0) {
    return (
      <EmptyState>
        <p>
          No generated arguments yet. Import arguments with{' '}
          <code>{importCommand('arguments', overview.study)}</code>.
        </p>
      </EmptyState>
    );
  }
  const totals = columnTotals(rows, overview.tests.length);
  const groups = [
    ...overview.tests.map((test) => ({ key: String(test), label: testLabel(test) })),
    { key: 'all', label: 'All tests' },
  ];
  const cellKey = (index: number) => groups[index]?.key ?? String(index);
  return (
    <div className="table-scroll">
      <table className="data-table">
        <caption>Arguments and extractions per model and test</caption>
        <colgroup>
          <col />
        </colgroup>
        {groups.map((group) => (
          <colgroup key={group.key} span={2} />
        ))}
        <thead>
          <tr>
            <td />
            {groups.map((group) => (
              <th key={group.key} scope="colgroup" colSpan={2} className="group-start">
                {group.label}
              </th>
            ))}
          </tr>
          <tr>
            <th scope="col">Model</th>
            {groups.map((group) => (
              <Fragment key={group.key}>
                <th scope="col" className="num group-start">
                  Arguments
                </th>
                <NumHead>Extractions</NumHead>
              </Fragment>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.model}>
              <th scope="row">{row.model}</th>
              {[...row.cells, row.total].map((counts, index) => (
                <CountCells key={cellKey(index)} counts={counts} />
              ))}
            </tr>
          ))}
        </tbody>
        {rows.length > 1 && (
          <tfoot>
            <tr>
              <th scope="row">All models</th>
              {[...totals.cells, totals.total].map((counts, index) => (
                <CountCells key={cellKey(index)} counts={counts} />
              ))}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

function Extractors({ overview }: { readonly overview: StudyOverview }) {
  if (overview.extractors.length === 0) {
    return (
      <EmptyState>
        <p>
          No extractor output yet. Import extractions with{' '}
          <code>{importCommand('extractions', overview.study)}</code>.
        </p>
      </EmptyState>
    );
  }
  return (
    <CountTable
      caption="Extractions per extractor"
      rowHeader="Extractor"
      columns={['Extracted', 'Failed']}
      rows={overview.extractors.map((extractor) => ({
        key: extractor.name,
        header: extractor.name,
        counts: [extractor.extracted, extractor.failed],
      }))}
    />
  );
}

function Sources({ overview }: { readonly overview: StudyOverview }) {
  if (overview.sources.length === 0) return null;
  return (
    <p className="notice notice-info" role="note">
      {overview.sources
        .map(
          (entry) =>
            `${formatCount(entry.arguments)} of the ${formatCount(overview.totals.arguments)} arguments are labelled “${entry.source}”`,
        )
        .join('; ')}
      . Synthetic arguments are written by templates, not by language models.
    </p>
  );
}

function SampleAndAssignments({ overview }: { readonly overview: StudyOverview }) {
  const { sample, assignments } = overview;
  if (!sample)
    return (
      <EmptyState>
        No sample yet. Draw one with <code>npm run -s cli -- sample --size 50 --seed 1</code>.
      </EmptyState>
    );
  return (
    <>
      <p>
        Version {sample.version}: {formatCount(sample.drawn)} arguments over {formatCount(sample.strata)}{' '}
        strata ({sample.strataBy.join(' × ')}), seed {sample.seed}.
      </p>
      {assignments.length === 0 ? (
        <EmptyState>
          <p>
            Not assigned yet. Assign it with <code>npm run -s cli -- assign --annotators NAME,NAME</code>.
          </p>
        </EmptyState>
      ) : (
        <CountTable
          caption="Annotation progress per annotator"
          rowHeader="Annotator"
          columns={['Assigned', 'Submitted', 'Drafts']}
          rows={assignments.map((row) => ({
            key: row.annotator,
            header: row.annotator,
            counts: [row.assigned, row.submitted, row.drafts],
          }))}
        />
      )}
    </>
  );
}

/** The loaded overview of one study: totals, triples per mode, models × tests, extractors, the sample. */
export function OverviewBody({ overview }: { readonly overview: StudyOverview }) {
  return (
    <>
      <Sources overview={overview} />
      <Section id="overview-totals" title="Totals">
        <Totals overview={overview} />
      </Section>
      <Section id="overview-modes" title="Triples per mode">
        <TriplesByMode overview={overview} />
      </Section>
      <Section id="overview-models" title="Models × tests">
        <ModelsByTest overview={overview} />
      </Section>
      <Section id="overview-extractors" title="Extractors">
        <Extractors overview={overview} />
      </Section>
      <Section id="overview-sample" title="Sample and annotation">
        <SampleAndAssignments overview={overview} />
      </Section>
    </>
  );
}
