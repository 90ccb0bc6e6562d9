import { byCodeUnits } from '../sampling/code-unit-order.ts';
import type { ReportedValueInput } from './report-input.ts';
import { reportedKey } from './study-metrics.ts';

/** The reported figures a report compares with, and what the choice needs saying. */
export interface ReportedSourceChoice {
  /** The source compared with, or `null` (none imported, or the requested one is unknown). */
  source: string | null;
  /** Its values by `reportedKey(model, test, metric)`. */
  values: Map<string, number>;
  notes: string[];
}

/**
 * Which imported source of reported figures the report compares the gold with: the requested one
 * when it was imported (otherwise none, with a note — a comparison the caller did not ask for would
 * mislead), else the first by name. Several sources are named in a note, so a reader knows the
 * others exist.
 *
 * @example chooseReportedSource([{ source: 'paper', model: 'a', test: 1, metric: 'acch', value: 0.9 }])
 * // { source: 'paper', values: Map { '["a",1,"acch"]' => 0.9 }, notes: [] }
 */
export function chooseReportedSource(
  reported: readonly ReportedValueInput[],
  requested?: string,
): ReportedSourceChoice {
  const notes: string[] = [];
  const sources = [...new Set(reported.map((value) => value.source))].sort(byCodeUnits);
  let source: string | null = null;
  if (requested !== undefined) {
    if (sources.includes(requested)) source = requested;
    else notes.push(`No reported figures from "${requested}"; the reported source is left out.`);
  } else source = sources[0] ?? null;
  if (sources.length > 1 && source !== null)
    notes.push(
      `Reported figures come from ${sources.length} sources; this report compares "${source}" (choose with --reported-source).`,
    );
  const values = new Map<string, number>();
  for (const value of reported)
    if (value.source === source) values.set(reportedKey(value.model, value.test, value.metric), value.value);
  return { source, values, notes };
}
