import { GUIDELINE_VERSION } from '../guidelines.ts';
import type { ReportView } from '../report-view.ts';
import { SOFTWARE_VERSION } from '../software-version.ts';
import { type Block, percent } from './blocks.ts';

/**
 * The report's title and how it was made, in one paragraph: the study, when, the sample design,
 * the interval level and the bootstrap (replicates, seed), the extractors and the reported source,
 * and the versions of the annotation guidelines and of the software — what a reader needs to cite
 * or reproduce it.
 */
export function titleSection(report: ReportView): Block[] {
  const { meta } = report;
  return [
    { kind: 'heading', level: 1, text: `factor-audit report — study "${meta.study}"` },
    {
      kind: 'paragraph',
      text: `Generated ${meta.generated_at}. Design: ${meta.design}. Intervals at ${percent(meta.level)}; bootstrap: ${meta.replicates} replicates, seed ${meta.seed}. Extractors: ${meta.extractors.join(', ') || 'none'} (claims use ${meta.primary_extractor ?? 'none'}). Reported figures: ${meta.reported_source ?? 'none'}. Annotation guidelines version ${GUIDELINE_VERSION}; factor-audit software version ${SOFTWARE_VERSION}.`,
    },
  ];
}

/** The data the report rests on: triples, arguments, gold, annotations, reported values and extractions. */
export function dataSection(report: ReportView): Block[] {
  const { counts, sample } = report.meta;
  return [
    { kind: 'heading', level: 2, text: 'Data and design' },
    {
      kind: 'list',
      items: [
        `${counts.triples} triples, ${counts.arguments} arguments, ${counts.gold} with gold (${counts.gold_outside_sample} outside the sample)`,
        ...(sample === null
          ? []
          : [
              `Sample version ${sample.version}: ${sample.drawn} arguments drawn, stratified by ${sample.strata_by.join(' × ')}; ${sample.drawn_with_gold} of them with gold`,
            ]),
        `${counts.submitted_annotations} submitted annotations, ${counts.doubly_annotated} doubly annotated arguments`,
        `${counts.reported_values} reported values`,
        ...Object.entries(counts.extractions).map(
          ([name, extractions]) =>
            `${name}: ${extractions.extracted} extracted, ${extractions.failed} failed, ${extractions.missing} missing`,
        ),
      ],
    },
  ];
}
