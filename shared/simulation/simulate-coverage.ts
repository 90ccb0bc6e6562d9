import type { CoverageParameters } from '../coverage-check-api.ts';
import type { ReportedValueInput, ReportOptions } from '../scoring/index.ts';
import { buildReport, DEFAULT_REPORT_OPTIONS, deriveSeed } from '../scoring/index.ts';
import type { LambdaSetting } from '../scoring/power-tuning.ts';
import { type CoverageTally, emptyTally, tallyStudy } from './coverage-tally.ts';
import { populationTruths, type Truths } from './figure-pairs.ts';
import { buildPopulation, type Population } from './population.ts';
import type { Scenario } from './scenario.ts';
import { censusInput, sampledStudyInput } from './study-input.ts';

/** How a coverage study runs. */
export interface CoverageSettings {
  scenario: Scenario;
  /** R, simulated studies. */
  replicates: number;
  /** B, bootstrap replicates of each simulated study's report. */
  bootstrap: number;
  seed: number;
  /** Populations drawn from the scenario; study r samples population r mod K. */
  populations: number;
  level: number;
  claimThreshold: number;
  threshold: number;
  /**
   * Report each study as if it had no sample design (gold a simple random sample per model × test):
   * the corrected estimates are the same (their strata are the model × test cells either way), but
   * the bootstrap of sections 1 and 2 resamples the gold over the whole study instead of within each
   * stratum of 2–3 — to measure what stratifying the bootstrap costs at small n_h.
   */
  ignoreStrata?: boolean;
  /** λ of the reports' corrected estimates (`ReportOptions.lambda`; default 1). */
  lambda?: LambdaSetting;
}

/** The parameters a stored coverage check records (`coverage_checks.parameters`): the settings without the scenario, in the API's names. */
export function checkParameters(settings: Omit<CoverageSettings, 'scenario'>): CoverageParameters {
  return {
    replicates: settings.replicates,
    bootstrap: settings.bootstrap,
    seed: settings.seed,
    populations: settings.populations,
    level: settings.level,
    claim_threshold: settings.claimThreshold,
    threshold: settings.threshold,
  };
}

export const DEFAULT_COVERAGE_SETTINGS = {
  replicates: 1000,
  bootstrap: 200,
  seed: 2025,
  populations: 10,
  level: DEFAULT_REPORT_OPTIONS.level,
  claimThreshold: DEFAULT_REPORT_OPTIONS.claimThreshold,
  threshold: DEFAULT_REPORT_OPTIONS.threshold,
} as const;

/** A population with what every study of it is checked against. */
export interface PreparedPopulation {
  population: Population;
  /** The primary extractor's census figures, standing in for the paper's (it scored every argument). */
  reported: ReportedValueInput[];
  truths: Truths;
}

/** Streams: population k from seed + k, study r's sample from seed + 10⁶ + 2r, its bootstrap from the next. */
const STUDY_STREAMS = 1_000_000;

function reportOptions(settings: CoverageSettings, seed: number, replicates: number): ReportOptions {
  return {
    seed,
    replicates,
    level: settings.level,
    threshold: settings.threshold,
    claimThreshold: settings.claimThreshold,
    primaryExtractor: settings.scenario.primaryExtractor,
    ...(settings.lambda === undefined ? {} : { lambda: settings.lambda }),
    generatedAt: '2000-01-01T00:00:00.000Z',
  };
}

/**
 * Population k of a coverage study: drawn from the scenario (`buildPopulation`), its census
 * report (every argument gold, no bootstrap) giving every figure's population value
 * (`populationTruths`), and the primary extractor's census AccH, RecU (every test) and
 * RatioAbstain (Test 3) as the reported figures — the paper's figures were the extractor's over
 * every argument. The τ-b truth is then the census τ-b of the gold and the primary extractor.
 */
export function preparePopulation(settings: CoverageSettings, k: number): PreparedPopulation {
  const { scenario } = settings;
  const population = buildPopulation(scenario, deriveSeed(settings.seed, k));
  const census = buildReport(censusInput(population), reportOptions(settings, settings.seed, 0));
  const primary = scenario.primaryExtractor;
  const reported: ReportedValueInput[] = [];
  for (const [model, tests] of Object.entries(census.metrics))
    for (const [test, cell] of Object.entries(tests)) {
      if (!cell) continue;
      const testNumber = Number(test) as 1 | 2 | 3;
      for (const metric of ['acch', 'recu', 'abstain'] as const) {
        if (metric === 'abstain' && testNumber !== 3) continue;
        const value = cell[metric][primary]?.value ?? null;
        if (value !== null) reported.push({ source: 'census', model, test: testNumber, metric, value });
      }
    }
  const truths = populationTruths(census);
  for (const [key, ranking] of Object.entries(census.rankings)) {
    const tau = ranking.kendall_tau_b[`gold_vs_${primary}`]?.value ?? null;
    if (tau !== null) truths.set(`τ-b gold vs reported\u0000${key}`, tau);
  }
  return { population, reported, truths };
}

/** Simulated study r: its sample drawn from its population and its report computed by `buildReport` with B replicates. */
export function simulateStudy(settings: CoverageSettings, prepared: PreparedPopulation, r: number) {
  const input = sampledStudyInput(
    prepared.population,
    settings.scenario,
    prepared.reported,
    deriveSeed(settings.seed, STUDY_STREAMS + 2 * r),
  );
  return buildReport(
    settings.ignoreStrata ? { ...input, design: null } : input,
    reportOptions(settings, deriveSeed(settings.seed, STUDY_STREAMS + 2 * r + 1), settings.bootstrap),
  );
}

/**
 * Runs the simulated studies numbered `studies` (each in 0…R−1) of a coverage study and tallies
 * them (`tallyStudy`): study r samples population r mod K with its own seeds, so every split of
 * 0…R−1 over workers, merged with `mergeTallies`, gives the same tally as one run. `onStudy` is
 * called after each study (progress).
 */
export function simulateCoverage(
  settings: CoverageSettings,
  studies: readonly number[],
  onStudy: (done: number) => void = () => {},
): CoverageTally {
  const tally = emptyTally();
  const prepared = new Map<number, PreparedPopulation>();
  studies.forEach((r, done) => {
    const k = r % settings.populations;
    let population = prepared.get(k);
    if (!population) {
      population = preparePopulation(settings, k);
      prepared.set(k, population);
    }
    tallyStudy(tally, simulateStudy(settings, population, r), population.truths);
    onStudy(done + 1);
  });
  return tally;
}

/**
 * Study numbers 0…R−1 shared among `workers` so that each population is prepared by one worker
 * only when there are enough populations: worker w takes the studies whose population (r mod K)
 * is w modulo the workers; with fewer populations than workers, study r goes to worker r mod W.
 */
export function shareStudies(replicates: number, populations: number, workers: number): number[][] {
  const shares: number[][] = Array.from({ length: workers }, () => []);
  for (let r = 0; r < replicates; r++)
    shares[populations >= workers ? (r % populations) % workers : r % workers]?.push(r);
  return shares.filter((share) => share.length > 0);
}
