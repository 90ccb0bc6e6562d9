import { z } from 'zod';
import { MAX_SERVED_REPLICATES } from '../../../shared/report-api.ts';
import { percent } from '../../../shared/report-document/blocks.ts';
import { lambdaSettingSchema } from '../../../shared/scoring/power-tuning.ts';
import { DEFAULT_REPORT_OPTIONS } from '../../../shared/scoring/report-input.ts';

/**
 * How the report screen asks for a report, kept in the URL (`?seed=…&replicates=…`) so a report can
 * be linked and the back button returns to the last settings. A value that is missing or out of
 * range falls back to the server's default, field by field, rather than failing the screen.
 */
export const reportSettingsSchema = z.object({
  seed: z.coerce.number().int().refine(Number.isSafeInteger).catch(DEFAULT_REPORT_OPTIONS.seed),
  replicates: z.coerce
    .number()
    .int()
    .min(0)
    .max(MAX_SERVED_REPLICATES)
    .catch(DEFAULT_REPORT_OPTIONS.replicates),
  level: z.coerce.number().gt(0).lt(1).catch(DEFAULT_REPORT_OPTIONS.level),
  /** The extractor whose corrected estimates decide the claims; absent: the server's default. */
  extractor: z.string().min(1).max(200).optional().catch(undefined),
  /** ε of the alternative annotator test, in (0, 1). */
  altEpsilon: z.coerce.number().gt(0).lt(1).catch(DEFAULT_REPORT_OPTIONS.altEpsilon),
  /** λ of the corrected estimates: 1 the difference estimator (the paper's), `tuned` PPI++. */
  lambda: lambdaSettingSchema.catch(DEFAULT_REPORT_OPTIONS.lambda),
});
export type ReportSettings = z.output<typeof reportSettingsSchema>;

/** The levels offered: the conventional three. */
export const REPORT_LEVELS = [0.9, 0.95, 0.99] as const;

/** The settings in a URL's search part (unknown keys ignored). */
export function settingsFromSearch(search: URLSearchParams): ReportSettings {
  return reportSettingsSchema.parse({
    seed: search.get('seed') ?? undefined,
    replicates: search.get('replicates') ?? undefined,
    level: search.get('level') ?? undefined,
    extractor: search.get('extractor') ?? undefined,
    altEpsilon: search.get('altEpsilon') ?? undefined,
    lambda: search.get('lambda') ?? undefined,
  });
}

/**
 * The settings as search parameters, in a fixed order (the API's query string and the screen's URL).
 * ε and λ are written only when they are not the default, so the links made before they existed stay
 * the same.
 */
export function settingsToSearch(settings: ReportSettings): URLSearchParams {
  const search = new URLSearchParams({
    seed: String(settings.seed),
    replicates: String(settings.replicates),
    level: String(settings.level),
  });
  if (settings.extractor !== undefined) search.set('extractor', settings.extractor);
  if (settings.altEpsilon !== DEFAULT_REPORT_OPTIONS.altEpsilon)
    search.set('altEpsilon', String(settings.altEpsilon));
  if (settings.lambda !== DEFAULT_REPORT_OPTIONS.lambda) search.set('lambda', String(settings.lambda));
  return search;
}

/**
 * The settings in one line, for the collapsed settings panel: how the report on screen was computed.
 *
 * @example settingsSummary({ seed: 2025, replicates: 200, level: 0.95, altEpsilon: 0.2, lambda: 1 })
 * // 'seed 2025 · 200 bootstrap replicates · 95% intervals · claims judged with the default extractor · λ = 1 · ε 0.2'
 */
export function settingsSummary(settings: ReportSettings): string {
  return [
    `seed ${settings.seed}`,
    settings.replicates === 0
      ? 'no bootstrap'
      : `${settings.replicates.toLocaleString('en')} bootstrap replicate${settings.replicates === 1 ? '' : 's'}`,
    `${percent(settings.level)} intervals`,
    `claims judged with ${settings.extractor ?? 'the default extractor'}`,
    settings.lambda === 'tuned' ? 'tuned λ (PPI++)' : 'λ = 1',
    `ε ${settings.altEpsilon}`,
  ].join(' · ');
}
