import { byCodeUnits } from '../sampling/code-unit-order.ts';
import type { Figure } from '../scoring/figure.ts';
import type { DatasetRecord } from './dataset-record.ts';
import { CARD_AGREEMENT_FIGURES, type DatasetStatistics } from './dataset-statistics.ts';
import type { DatasetSampleDesign } from './sample-design.ts';
import { sizeCategory } from './size-category.ts';

/** What the study lead says of the dataset (CLI flags); what they leave out becomes a marked TODO. */
export interface DatasetCardOptions {
  study: string;
  /** SPDX-style id for the Hub's `license` field (`cc-by-4.0`). */
  license: string;
  prettyName: string;
  annotatorQualifications?: string | undefined;
  /** A citation (BibTeX or plain text) for the dataset. */
  citation?: string | undefined;
  /** Whether the records carry the annotators' and adjudicators' account names. */
  names: boolean;
}

export interface DatasetCardInput {
  records: readonly DatasetRecord[];
  statistics: DatasetStatistics;
  sample: DatasetSampleDesign;
  options: DatasetCardOptions;
}

/** A TODO the study lead must resolve before publishing; the card says so in these words. */
const TODO = '**TODO (study lead):**';

/** A number with three decimals; `n/a` when undefined. */
function decimal(value: number | null | undefined): string {
  return value === null || value === undefined ? 'n/a' : value.toFixed(3);
}

function figureCells(figure: Figure): string {
  const interval = figure.ci ? `[${decimal(figure.ci.lower)}, ${decimal(figure.ci.upper)}]` : '—';
  return `${decimal(figure.value)} | ${interval}`;
}

/** A cell of a Markdown table: pipes escaped, line breaks folded. */
function cell(text: string | number): string {
  return String(text)
    .replaceAll('|', '\\|')
    .replace(/\s*\n\s*/g, ' ');
}

function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function countBy<T>(items: readonly T[], key: (item: T) => string): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => byCodeUnits(a, b));
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

function frontMatter(input: DatasetCardInput): string {
  const { options, records } = input;
  return [
    '---',
    `license: ${JSON.stringify(options.license)}`,
    'language:',
    '- en',
    'task_categories:',
    '- text-classification',
    '- token-classification',
    'tags:',
    '- legal',
    '- trade-secrets',
    '- cato-factors',
    '- llm-evaluation',
    'size_categories:',
    `- ${sizeCategory(records.length)}`,
    `pretty_name: ${JSON.stringify(options.prettyName)}`,
    'configs:',
    '- config_name: records',
    '  default: true',
    '  data_files:',
    '  - split: train',
    '    path: gold.jsonl',
    '- config_name: decisions',
    '  data_files:',
    '  - split: train',
    '    path: decisions.csv',
    '---',
  ].join('\n');
}

function whatItIs(input: DatasetCardInput): string {
  const { records } = input;
  const models = new Set(records.map((record) => record.model)).size;
  const extractors = new Set(records.flatMap((record) => record.extractions.map((e) => e.extractor))).size;
  const gold = records.filter((record) => record.gold !== null).length;
  return [
    `# ${input.options.prettyName}`,
    '',
    '## What it is',
    '',
    `A human gold standard of the CATO trade-secret factors that LLM-generated three-ply legal arguments assert: ${records.length} arguments written by ${models} model(s), each read by legal annotators who marked, for each of the three cases the argument discusses (the current case and the precedents TSC1 and TSC2), every one of the 26 factors it asserts as present — paraphrases included, negated mentions marked as such — with the mentions highlighted in the text. ${gold} arguments carry an adjudicated gold standard. Beside them: the output of ${extractors} automatic factor extractor(s) on the same arguments and each one's errors against the gold, and the triple's own factor lists (what the model was given).`,
    '',
    'It measures the extractors that studies of LLM legal argument rely on (Zhang, Gray, Savelka and Ashley, "Measuring Faithfulness and Abstention", arXiv 2506.00694), and lets their hallucination and factor-utilisation figures be recomputed from human judgements. It was built with factor-audit.',
  ].join('\n');
}

function filesSection(): string {
  return [
    '## Files',
    '',
    table(
      ['file', 'what'],
      [
        [
          'gold.jsonl',
          "One record per annotated argument: text, triple (factor lists, outcomes, mode), model, test, sample row, each annotator's judgement (factors per case, unlisted factors, flags, highlighted spans with style and polarity, comment) and active seconds, the final gold with its status, decisions and rationales, each extractor's output and error classes.",
        ],
        [
          'decisions.csv',
          'One row per argument × case × factor (26 × 3 = 78 per argument): argument id, model, test, stratum, weight, case, factor, then 0/1 for the ground truth, each annotator (by position A, B, …), the gold and each extractor; empty where a source has nothing.',
        ],
        [
          'sample.json',
          'The sample design: every version drawn, its seed, size, allocation, strata and their sizes.',
        ],
        ['croissant.json', 'MLCommons Croissant 1.0 metadata.'],
        ['manifest.json', 'The size and SHA-256 of every file.'],
      ],
    ),
    '',
    'Character offsets of spans count UTF-16 code units of `text` (JavaScript string indices), `[start, end)`. The field-by-field format is in factor-audit\'s docs/FORMATS.md ("Gold-standard dataset").',
  ].join('\n');
}

function argumentsSection(records: readonly DatasetRecord[]): string {
  const synthetic = countBy(
    records.filter((record) => record.source !== undefined),
    (record) => record.source ?? '',
  );
  const lines = [
    '### Arguments',
    '',
    "Each argument is one model's response to a triple of factor-encoded trade-secret cases in one of three tests: 1 arguable, 2 reordered (the precedents' positions swapped), 3 non-arguable (no shared factor: the model should abstain).",
  ];
  if (synthetic.length > 0)
    lines.push(
      '',
      `Not from a real model run: ${synthetic.map(([source, n]) => `${n} argument(s) labelled "${source}"`).join(', ')}.`,
    );
  return lines.join('\n');
}

function sampleSection(input: DatasetCardInput): string {
  const { versions } = input.sample;
  const lines = ['### Sample design', ''];
  if (versions.length === 0) {
    lines.push(
      'No sample was drawn: the arguments are those the study chose to annotate, with no design weights.',
    );
    return lines.join('\n');
  }
  for (const version of versions) {
    const stored = version.allocation;
    const allocation =
      typeof stored === 'string'
        ? `${stored} allocation`
        : 'design' in stored
          ? `a batch of the ${stored.design} design (inclusion probabilities per argument)`
          : `at least ${stored.minimumPerStratum} per stratum`;
    lines.push(
      `Version ${version.version}: a stratified random sample of ${version.size} argument(s), strata by ${version.strata_by.join(' × ')}, ${allocation}, seed ${version.seed}${version.excluded_previous ? ', leaving out arguments drawn before' : ''}.`,
      '',
    );
  }
  const latest = versions[versions.length - 1];
  if (latest) {
    const inDataset = new Map(
      countBy(
        input.records.filter((record) => record.sample?.version === latest.version),
        (record) => record.sample?.stratum ?? '',
      ),
    );
    const weight = new Map(
      input.records.flatMap((record) =>
        record.sample?.version === latest.version
          ? [[record.sample.stratum, record.sample.weight] as const]
          : [],
      ),
    );
    lines.push(
      `Strata of version ${latest.version} (weight = population / drawn, the inverse of each argument's inclusion probability):`,
      '',
      table(
        ['stratum', 'population', 'drawn', 'in this dataset', 'weight'],
        latest.strata.map((stratum) => [
          stratum.stratum,
          stratum.population_size,
          stratum.drawn,
          inDataset.get(stratum.stratum) ?? 0,
          weight.has(stratum.stratum) ? decimal(weight.get(stratum.stratum)) : '—',
        ]),
      ),
    );
  }
  const outside = input.records.filter((record) => record.sample === null).length;
  if (outside > 0)
    lines.push('', `${outside} argument(s) of the dataset were drawn by no sample version (no weight).`);
  return lines.join('\n');
}

function annotationSection(input: DatasetCardInput): string {
  const { records, options } = input;
  const versions = [...new Set(records.flatMap((record) => record.guideline_versions))].sort(byCodeUnits);
  const perArgument = countBy(records, (record) => String(record.annotations.length).padStart(6, '0'));
  const seconds = median(records.flatMap((record) => record.annotations.map((a) => a.seconds_spent)));
  return [
    '### Annotation',
    '',
    `Annotators followed the annotation guidelines, version ${versions.length === 0 ? 'not recorded' : versions.join(', ')} (shipped with factor-audit as data/guidelines/ANNOTATION-GUIDELINES.md), each working alone in the browser, blind to the other annotators, to the extractors and to the triple's ground truth. Annotators per argument: ${perArgument.map(([n, count]) => `${count} argument(s) with ${Number(n)}`).join(', ')}. Median active time per annotation: ${seconds === null ? 'n/a' : `${Math.round(seconds)} s`}.`,
    '',
    options.names
      ? 'Annotators and adjudicators are named by their accounts (`name`, `adjudicator`).'
      : 'Annotators are pseudonymised per argument as A, B, … (A and B are the pair the adjudicator compared, in the order shown); adjudicators as adjudicator-A, adjudicator-B, … across the dataset.',
    '',
    `Annotators' qualifications: ${options.annotatorQualifications ?? `${TODO} describe the annotators' legal training and experience, and how they were recruited and paid.`}`,
  ].join('\n');
}

function adjudicationSection(records: readonly DatasetRecord[]): string {
  const statuses = new Map(countBy(records, (record) => record.gold?.status ?? 'none'));
  const decisions = records.reduce((sum, record) => sum + (record.gold?.decisions.length ?? 0), 0);
  return [
    '### Adjudication',
    '',
    `An adjudicator saw two annotators' submitted judgements side by side as A and B, decided every disagreement (A, B, both, neither or an edited value) with a rationale, and only then saw the extractors. Gold: ${statuses.get('fixed') ?? 0} fixed by an adjudicator (${decisions} decisions recorded), ${statuses.get('accepted') ?? 0} accepted as they were because the annotators did not disagree, ${statuses.get('imported') ?? 0} imported from elsewhere; ${statuses.get('none') ?? 0} argument(s) have no final gold yet.`,
  ].join('\n');
}

function countsSection(records: readonly DatasetRecord[]): string {
  const cells = countBy(records, (record) => `${record.model}\u0000${record.test}`);
  const rows = cells.map(([key]) => {
    const [model = '', test = ''] = key.split('\u0000');
    const mine = records.filter((record) => record.model === model && String(record.test) === test);
    return [
      model,
      test,
      mine.length,
      mine.reduce((sum, record) => sum + record.annotations.length, 0),
      mine.filter((record) => record.annotations.length >= 2).length,
      mine.filter((record) => record.gold !== null).length,
    ];
  });
  const extractors = countBy(
    records.flatMap((record) => record.extractions),
    (extraction) => extraction.extractor,
  ).map(([name]) => {
    const all = records.flatMap((record) => record.extractions.filter((e) => e.extractor === name));
    return [
      name,
      all.filter((e) => e.status === 'extracted').length,
      all.filter((e) => e.status === 'failed').length,
    ];
  });
  return [
    '## Counts',
    '',
    table(['model', 'test', 'arguments', 'annotations', 'doubly annotated', 'gold'], rows),
    '',
    extractors.length === 0
      ? 'No extractor output.'
      : table(['extractor', 'extracted', 'failed'], extractors),
  ].join('\n');
}

function agreementSection(statistics: DatasetStatistics): string {
  const { agreement } = statistics;
  const level = `${Math.round(statistics.level * 100)}%`;
  const method = `Intervals: ${level} cluster-bootstrap percentile intervals over arguments (${statistics.replicates} replicates, seed ${statistics.seed}, within sample strata), computed from these files alone.`;
  const lines = [
    '## Agreement',
    '',
    `Between annotators A and B of the ${agreement.items} doubly annotated argument(s), over their ${agreement.decisions} binary decisions (is factor f asserted present in case c?, 26 × 3 per argument):`,
    '',
    table(
      ['coefficient', 'value', `${level} interval`],
      [
        ...CARD_AGREEMENT_FIGURES.map(([key, name]) => [
          name,
          ...figureCells(agreement.figures[key]).split(' | '),
        ]),
        ["Cohen's κ on abstention", ...figureCells(agreement.abstention_kappa).split(' | ')],
      ],
    ),
    '',
    method,
  ];
  if (statistics.extractors.length > 0)
    lines.push(
      '',
      '### Extractors against the gold',
      '',
      'Units: (argument, case, factor) asserted by the extractor or the gold, unlisted factors included; pooled (micro) over the gold arguments with usable output.',
      '',
      table(
        [
          'extractor',
          'scored',
          'failed',
          'missing',
          'precision',
          'interval',
          'recall',
          'interval',
          'F1',
          'interval',
        ],
        statistics.extractors.map((extractor) => [
          extractor.name,
          extractor.items,
          extractor.failed,
          extractor.missing,
          ...figureCells(extractor.precision).split(' | '),
          ...figureCells(extractor.recall).split(' | '),
          ...figureCells(extractor.f1).split(' | '),
        ]),
      ),
    );
  return lines.join('\n');
}

function limitationsSection(input: DatasetCardInput): string {
  const { records } = input;
  const items: string[] = [];
  const synthetic = records.filter((record) => record.source !== undefined).length;
  if (synthetic > 0)
    items.push(
      `${synthetic} argument(s) are not real model output (see "Arguments"); figures on them say nothing about the models.`,
    );
  const single = records.filter((record) => record.annotations.length === 1).length;
  if (single > 0)
    items.push(`${single} argument(s) were annotated once: they do not count towards agreement.`);
  const noGold = records.filter((record) => record.gold === null).length;
  if (noGold > 0)
    items.push(`${noGold} argument(s) have no final gold: the gold and extractor figures leave them out.`);
  const failed = records.flatMap((record) => record.extractions).filter((e) => e.status === 'failed').length;
  if (failed > 0)
    items.push(
      `${failed} extraction(s) failed (the extractor never answered usably): they are kept as failed, never scored as empty.`,
    );
  const truncated = records.filter((record) => record.finish_reason === 'length').length;
  if (truncated > 0) items.push(`${truncated} argument(s) were cut off by the model's output limit.`);
  items.push(
    'The ground truth is what the model was given (the triple), not whether its argument is legally sound; annotators record what the argument says, right or wrong.',
    'Judgements follow one set of guidelines written for the 26 CATO factors; other factor catalogues or legal domains need their own.',
    'Pseudonyms are per argument: annotator A of one argument need not be annotator A of another.',
    `${TODO} add what the study knows of its own limits (annotator pool, models' versions and dates, prompts).`,
  );
  return ['## Known limitations', '', ...items.map((item) => `- ${item}`)].join('\n');
}

function citationSection(options: DatasetCardOptions): string {
  const body =
    options.citation === undefined
      ? `${TODO} give the dataset's citation (e.g. BibTeX) with \`--citation\`.`
      : ['```', options.citation.trim(), '```'].join('\n');
  return ['## Citation', '', body, '', '## License', '', `${options.license}.`].join('\n');
}

/**
 * One sentence saying what the dataset holds, for metadata (croissant.json's description): arguments,
 * models, annotations, gold and extractors, counted from the records.
 *
 * @example datasetSummary(records) // 'Human gold standard of CATO factor mentions in 50 LLM-generated 3-ply legal arguments by 8 model(s): 100 annotations, 38 adjudicated gold records, 1 extractor(s) with error classes.'
 */
export function datasetSummary(records: readonly DatasetRecord[]): string {
  const models = new Set(records.map((record) => record.model)).size;
  const annotations = records.reduce((sum, record) => sum + record.annotations.length, 0);
  const gold = records.filter((record) => record.gold !== null).length;
  const extractors = new Set(records.flatMap((record) => record.extractions.map((e) => e.extractor))).size;
  return `Human gold standard of CATO factor mentions in ${records.length} LLM-generated 3-ply legal arguments by ${models} model(s): ${annotations} annotations, ${gold} adjudicated gold records, ${extractors} extractor(s) with error classes.`;
}

/**
 * The dataset card (`README.md`) a Hugging Face Hub dataset repository shows, usable as it is: YAML
 * front matter the Hub reads (license, language, task categories, tags, `size_categories` computed from
 * the record count, pretty name, and `configs` pointing the viewer at gold.jsonl and decisions.csv),
 * then what the dataset is, its files, how it was made (arguments, sample design, guideline versions,
 * annotators' qualifications, adjudication), counts, agreement and the extractors' figures with their
 * intervals, known limitations, citation and license. What only the study lead knows (qualifications,
 * citation, limits of the study) is asked with flags; a missing answer is written as a bold
 * "TODO (study lead)" so it cannot pass unnoticed.
 *
 * Deterministic: every number comes from the records, the sample design and the fixed-seed statistics,
 * written with three decimals; no date. Pure.
 *
 * @example datasetCard(input).split('\n')[1] // 'license: "cc-by-4.0"'
 */
export function datasetCard(input: DatasetCardInput): string {
  const sections = [
    frontMatter(input),
    whatItIs(input),
    filesSection(),
    '## How it was made',
    argumentsSection(input.records),
    sampleSection(input),
    annotationSection(input),
    adjudicationSection(input.records),
    countsSection(input.records),
    agreementSection(input.statistics),
    limitationsSection(input),
    citationSection(input.options),
  ];
  return `${sections.join('\n\n')}\n`;
}
