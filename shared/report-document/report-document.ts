import type { ReportView } from '../report-view.ts';
import { agreementSection } from './agreement-section.ts';
import { altTestSection } from './alt-test-section.ts';
import type { Block } from './blocks.ts';
import { correctedSection } from './corrected-section.ts';
import { coverageSection } from './coverage-section.ts';
import { errorClassesSection } from './error-classes-section.ts';
import { extractorsSection } from './extractors-section.ts';
import { metricsSection } from './metrics-section.ts';
import { notesSection } from './notes-section.ts';
import { planningSection } from './planning-section.ts';
import { rankingsSection } from './rankings-section.ts';
import { dataSection, titleSection } from './title-section.ts';
import { verdictSection } from './verdict-section.ts';

/**
 * The report as a sequence of blocks in reading order, one builder per section: the title and how it
 * was made; the verdict first; the data, design and notes; 1 extractors against the gold (with the
 * error classes); 2 agreement (with the factor heat map, then the alternative annotator test); 3 the study's metrics (with the forest
 * chart); 4 corrected estimates; 5 rankings (with the slope chart); 6 the sample-size plan; the
 * appendix on the intervals' coverage at the study's design (when the report carries it). Every
 * figure with an interval is "value [lower, upper]" at the report's level; null is "n/a".
 */
export function reportDocument(report: ReportView): Block[] {
  return [
    ...titleSection(report),
    ...verdictSection(report),
    ...dataSection(report),
    ...notesSection(report),
    ...extractorsSection(report),
    ...errorClassesSection(report),
    ...agreementSection(report),
    ...altTestSection(report),
    ...metricsSection(report),
    ...correctedSection(report),
    ...rankingsSection(report),
    ...planningSection(report),
    ...coverageSection(report),
  ];
}
