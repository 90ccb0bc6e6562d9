import { ERROR_CLASS_TEXT, ERROR_CLASSES } from '../adjudication-api.ts';
import type { ReportView } from '../report-view.ts';
import { GOLD_STYLES } from '../scoring/mention-evidence.ts';
import type { Block } from './blocks.ts';

/**
 * The error analysis of section 1 (`report.error_classes`): one table of units per class for every
 * extractor, one of the misses by the gold mention's style. Empty when the study has no extractor.
 */
export function errorClassesSection(report: ReportView): Block[] {
  const entries = Object.entries(report.error_classes);
  if (entries.length === 0) return [];
  return [
    { kind: 'heading', level: 3, text: 'Error classes' },
    {
      kind: 'paragraph',
      text: 'Each (case, factor) the extractor or the gold asserts, per gold argument: correct; missed (in the gold only); a negated mention counted as present; the right factor in the wrong case; an invented factor outside the catalogue; extra (present nowhere in the gold).',
    },
    {
      kind: 'table',
      header: ['extractor', 'items', ...ERROR_CLASSES.map((name) => ERROR_CLASS_TEXT[name].label)],
      rows: entries.map(([extractor, summary]) => [
        extractor,
        String(summary.items),
        ...ERROR_CLASSES.map((name) => String(summary.counts[name])),
      ]),
    },
    {
      kind: 'table',
      header: ['missed, by gold mention style', ...GOLD_STYLES],
      rows: entries.map(([extractor, summary]) => [
        extractor,
        ...GOLD_STYLES.map((style) => String(summary.missed_by_style[style])),
      ]),
    },
  ];
}
