import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import {
  describesOwnDesign,
  keepCoverageCheck,
  loadOwnDesign,
  type OwnDesign,
  runCoverageInWorkers,
} from '../../server/services/coverage/index.ts';
import { describeDesign } from '../../server/services/report/index.ts';
import { requireStudy } from '../../server/services/study/index.ts';
import { DEFAULT_FLOOR_SHARE, type DesignName, designNameSchema } from '../../shared/sampling/designs.ts';
import { summarizeCoverage } from '../../shared/simulation/coverage-summary.ts';
import {
  type ComparisonPrediction,
  compareDesign,
  comparisonUnits,
  formatDesignSummary,
} from '../../shared/simulation/design-comparison.ts';
import { formatCoverage } from '../../shared/simulation/format-coverage.ts';
import { paperScaleScenario } from '../../shared/simulation/paper-scale.ts';
import { buildPopulation } from '../../shared/simulation/population.ts';
import { type Scenario, scenarioSchema } from '../../shared/simulation/scenario.ts';
import {
  type CoverageSettings,
  checkParameters,
  DEFAULT_COVERAGE_SETTINGS,
} from '../../shared/simulation/simulate-coverage.ts';
import { describeIssues } from '../../shared/zod-issues.ts';
import { CliExit, type CliIo, type GlobalOptions, parseOptions, withDatabase } from '../io.ts';
import { createProgress } from './progress.ts';

const coverageOptionsSchema = z
  .object({
    replicates: z.coerce.number().int().min(1).max(1_000_000),
    bootstrap: z.coerce.number().int().min(0).max(100_000),
    seed: z.coerce.number().int().refine(Number.isSafeInteger, 'must be a safe integer'),
    populations: z.coerce.number().int().min(1).max(1000),
    level: z.coerce.number().gt(0).lt(1),
    claimThreshold: z.coerce.number().min(0).max(1),
    threshold: z.coerce.number().min(-1).max(1),
    paperScale: z.boolean().default(false),
    scenario: z.string().min(1).optional(),
    gold: z.coerce.number().int().min(2).max(100_000).optional(),
    perCell: z.coerce.number().int().min(2).max(10_000).optional(),
    ignoreStrata: z.boolean().default(false),
    store: z.boolean().default(true),
    workers: z.coerce.number().int().min(1).max(64),
    format: z.enum(['table', 'json']),
    out: z.string().min(1).optional(),
    design: designNameSchema.optional(),
    lambda: z.enum(['1', 'tuned', 'pooled']).default('1'),
    estimator: z.enum(['hajek', 'report']).default('hajek'),
    prediction: z.enum(['primary', 'ensemble']).default('primary'),
    predictor: z.enum(['jaccard', 'jaccard-squared', 'metric']).default('jaccard'),
    acchWeight: z.coerce.number().min(0).max(1).default(0.5),
    floorShare: z.coerce.number().gt(0).max(1).default(DEFAULT_FLOOR_SHARE),
    draw: z.enum(['poisson', 'systematic']).default('poisson'),
  })
  .refine((options) => options.design !== undefined || options.lambda !== 'pooled', {
    message: 'pooled needs --design (the report itself takes 1 or tuned)',
    path: ['lambda'],
  })
  .refine((options) => !(options.paperScale && options.scenario !== undefined), {
    message: 'give --paper-scale or --scenario, not both',
    path: ['scenario'],
  });

/** The scenario of `--scenario FILE` (JSON, `scenarioSchema`); every problem printed as `FILE: path: message`. */
function readScenario(file: string, io: CliIo): Scenario {
  const path = resolve(io.cwd, file);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    io.stderr(
      `error: --scenario: cannot read ${path}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    throw new CliExit(1);
  }
  const parsed = scenarioSchema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of describeIssues(parsed.error)) io.stderr(`error: --scenario ${file}: ${issue}\n`);
    throw new CliExit(1);
  }
  return parsed.data;
}

/** The scenario with `--gold` / `--per-cell` applied, validated again (the gold must fit the population). */
function resized(
  scenario: Scenario,
  gold: number | undefined,
  perCell: number | undefined,
  io: CliIo,
): Scenario {
  if (gold === undefined && perCell === undefined) return scenario;
  const parsed = scenarioSchema.safeParse({
    ...scenario,
    ...(gold === undefined ? {} : { gold }),
    ...(perCell === undefined ? {} : { argumentsPerCell: perCell }),
  });
  if (!parsed.success) {
    for (const issue of describeIssues(parsed.error)) io.stderr(`error: --gold/--per-cell: ${issue}\n`);
    throw new CliExit(1);
  }
  return parsed.data;
}

/**
 * `simulate coverage`: a Monte-Carlo study of every interval the report prints, under a study's
 * design (docs/REPORT.md, "How often do the intervals cover?").
 */
export function registerSimulate(program: Command, io: CliIo, globals: () => GlobalOptions): void {
  const simulate = program
    .command('simulate')
    .description('Monte-Carlo studies of the report under a study design');
  simulate
    .command('coverage')
    .description(
      'how often every interval of the report covers the population value, and how often a claim is wrong, in simulated studies like this one',
    )
    .option('--replicates <n>', 'simulated studies R', String(DEFAULT_COVERAGE_SETTINGS.replicates))
    .option(
      '--bootstrap <n>',
      'bootstrap replicates B of each study’s report',
      String(DEFAULT_COVERAGE_SETTINGS.bootstrap),
    )
    .option('--seed <n>', 'seed of the whole simulation', String(DEFAULT_COVERAGE_SETTINGS.seed))
    .option(
      '--populations <n>',
      'synthetic populations the studies are drawn from',
      String(DEFAULT_COVERAGE_SETTINGS.populations),
    )
    .option('--level <p>', 'level of every interval', String(DEFAULT_COVERAGE_SETTINGS.level))
    .option(
      '--claim-threshold <a>',
      'AccH threshold of the claim',
      String(DEFAULT_COVERAGE_SETTINGS.claimThreshold),
    )
    .option(
      '--threshold <t>',
      'τ-b threshold of "the ranking survives"',
      String(DEFAULT_COVERAGE_SETTINGS.threshold),
    )
    .option(
      '--paper-scale',
      'the paper’s design: 8 models × 3 tests × 30 arguments, 50 gold over 24 strata, 2 extractors',
    )
    .option('--scenario <file>', 'a scenario JSON file (docs/REPORT.md)')
    .option('--gold <n>', 'gold arguments per study instead of the scenario’s')
    .option('--per-cell <n>', 'arguments per model × test instead of the scenario’s')
    .option(
      '--ignore-strata',
      'report each study as if it had no sample design (the bootstrap resamples the gold over the whole study, not within strata)',
    )
    .option(
      '--no-store',
      'do not keep the result for the report’s appendix (kept by default when the scenario is the study’s own)',
    )
    .option('--workers <n>', 'worker threads', String(Math.min(2, availableParallelism())))
    .option('--format <format>', 'table|json', 'table')
    .option('--out <file>', 'write the result to FILE instead of printing it')
    .option('--design <design>', 'compare a batch design instead: stratified|neyman|active (docs/REPORT.md)')
    .option(
      '--lambda <lambda>',
      "1 (PPI) or tuned (PPI++: the report's --lambda); with --design also pooled (PPI++, one λ per metric)",
      '1',
    )
    .option(
      '--estimator <kind>',
      "with --design: hajek (one Hájek estimate per figure) or report (the report's stratified estimator with its pooling, floor and PPI++)",
      'hajek',
    )
    .option(
      '--prediction <kind>',
      "with --design: the f of the corrected estimate, primary (the report's) or ensemble (both extractors: AccH their mean, RecU their union)",
      'primary',
    )
    .option(
      '--predictor <kind>',
      "with --design active: what π rises with, jaccard (π ∝ √d), jaccard-squared (π ∝ d) or metric (π ∝ √ of the per-metric disagreements' mix)",
      'jaccard',
    )
    .option(
      '--acch-weight <w>',
      'with --predictor metric: the share of AccH in the mix (RecU the rest)',
      '0.5',
    )
    .option('--floor-share <s>', 'with --design: every π ≥ s·n/N', String(DEFAULT_FLOOR_SHARE))
    .option(
      '--draw <method>',
      'with --design active: poisson (decision 019) or systematic (fixed-size πps, the Poisson variance standing in)',
      'poisson',
    )
    .action(async (rawOptions: unknown) => {
      const options = parseOptions(coverageOptionsSchema, rawOptions, io);
      let scenario: Scenario;
      // The study's own design, when the scenario is estimated from it: its check is kept for the report.
      let own: OwnDesign | null = null;
      if (options.paperScale) scenario = paperScaleScenario();
      else if (options.scenario !== undefined) scenario = readScenario(options.scenario, io);
      else {
        own = await withDatabase(globals, io, async (db) => {
          const study = await requireStudy(db, globals().study);
          try {
            return await loadOwnDesign(db, study);
          } catch (error) {
            if (!(error instanceof RangeError)) throw error;
            io.stderr(
              `error: study "${study.name}" cannot give a scenario (${error.message.replace(/^scenarioFromStudy: /, '')}); adjudicate some gold first, or use --paper-scale or --scenario FILE\n`,
            );
            throw new CliExit(1);
          }
        });
        for (const note of own.design.notes) io.stderr(`note: ${note}\n`);
        scenario = own.design.scenario;
      }
      scenario = resized(scenario, options.gold, options.perCell, io);
      if (options.design !== undefined) {
        const text = runDesignComparison(scenario, options.design, options.lambda, options);
        if (options.out === undefined) io.stdout(text);
        else writeFileSync(resolve(io.cwd, options.out), text);
        return;
      }
      const settings: CoverageSettings = {
        scenario,
        replicates: options.replicates,
        bootstrap: options.bootstrap,
        seed: options.seed,
        populations: Math.min(options.populations, options.replicates),
        level: options.level,
        claimThreshold: options.claimThreshold,
        threshold: options.threshold,
        ignoreStrata: options.ignoreStrata,
        ...(options.lambda === 'tuned' ? { lambda: 'tuned' } : {}),
      };
      const progress = createProgress<{ done: number; total: number }>(
        io,
        'simulate coverage [{bar}] {value}/{total} studies | {rate}/s | ETA {eta_formatted}',
        (counters, seconds) => ({ rate: (counters.done / seconds).toFixed(2) }),
      );
      const started = performance.now();
      const tally = await runCoverageInWorkers(settings, options.workers, (done) =>
        progress.update({ done, total: settings.replicates }),
      );
      progress.stop();
      const seconds = (performance.now() - started) / 1000;
      const summary = summarizeCoverage(tally);
      const { scenario: used, ...rest } = settings;
      const text =
        options.format === 'json'
          ? `${JSON.stringify({ scenario: used, settings: rest, summary }, null, 2)}\n`
          : formatCoverage(
              summary,
              `Coverage of the report's intervals: ${used.description || 'scenario'}; ${used.models.length} models × ${used.tests.length} tests × ${used.argumentsPerCell} arguments, ${used.gold} gold (${used.allocation} allocation); R = ${settings.replicates} studies from ${settings.populations} populations, B = ${settings.bootstrap}, seed ${settings.seed}, level ${settings.level}`,
            );
      io.stderr(
        `simulated ${settings.replicates} studies in ${seconds.toFixed(1)} s on ${options.workers} worker(s) (load average ${loadavg()
          .map((value) => value.toFixed(2))
          .join(' ')})\n`,
      );
      // The report's appendix reads checks of its own estimator (λ = 1) only.
      if (options.lambda === '1' && describesOwnDesign(own, scenario, options)) {
        const kept = own;
        const id = await withDatabase(
          globals,
          io,
          async (db) =>
            await keepCoverageCheck(db, {
              studyId: kept.studyId,
              fingerprint: kept.design.fingerprint,
              revision: kept.revision,
              parameters: checkParameters(settings),
              design: describeDesign(kept.design.scenario, kept.design.notes),
              summary,
              source: 'cli',
              createdBy: null,
            }),
        );
        io.stderr(
          `kept as coverage check ${id} of study "${globals().study}": the report's appendix shows it\n`,
        );
      }
      if (options.out === undefined) {
        io.stdout(text);
        return;
      }
      const file = resolve(io.cwd, options.out);
      writeFileSync(file, text);
      io.stdout(`coverage study written to ${file}\n`);
    });
}

/** `simulate coverage --design D`: the design comparison of shared/simulation/design-comparison.ts at the scenario's gold budget. */
function runDesignComparison(
  scenario: Scenario,
  design: DesignName,
  lambda: '1' | 'tuned' | 'pooled',
  options: {
    replicates: number;
    seed: number;
    level: number;
    claimThreshold: number;
    estimator: 'hajek' | 'report';
    prediction: ComparisonPrediction;
    predictor: 'jaccard' | 'jaccard-squared' | 'metric';
    acchWeight: number;
    floorShare: number;
    draw: 'poisson' | 'systematic';
  },
): string {
  const primary = scenario.primaryExtractor ?? scenario.extractors[0]?.name ?? '';
  const second = scenario.extractors.find((extractor) => extractor.name !== primary)?.name ?? primary;
  const units = comparisonUnits(buildPopulation(scenario, options.seed), primary, second, options.prediction);
  const summary = compareDesign(units, {
    design,
    budget: scenario.gold,
    lambda: lambda === '1' ? 1 : lambda,
    level: options.level,
    studies: options.replicates,
    seed: options.seed,
    claimThreshold: options.claimThreshold,
    estimator: options.estimator,
    floor: (options.floorShare * Math.min(scenario.gold, units.length)) / Math.max(1, units.length),
    predictor:
      options.predictor === 'metric'
        ? { kind: 'metric', accHWeight: options.acchWeight }
        : { kind: options.predictor },
    activeDraw: options.draw,
  });
  const title = `Design comparison: ${scenario.description || 'scenario'}; f ${options.prediction}, predictor ${options.predictor}${options.predictor === 'metric' ? ` (AccH weight ${options.acchWeight})` : ''}, floor ${options.floorShare}·n/N${design === 'active' ? `, ${options.draw} draw` : ''}`;
  return formatDesignSummary(summary, title);
}
