/**
 * The statistics library: agreement coefficients, classification figures, rank correlations,
 * binomial intervals, the special functions behind them, and a seeded cluster bootstrap.
 * Pure functions; undefined figures are `null` (shown as "n/a"), invalid input throws.
 * Definitions: docs in each file and docs/STATISTICS.md.
 */

export { type BcaInput, type BcaInterval, bcaInterval, jackknifeAcceleration } from './bca-interval.ts';
export { benjaminiYekutieli } from './benjamini-yekutieli.ts';
export { betaQuantile } from './beta-quantile.ts';
export { type ClusterBootstrapOptions, type ClusterBootstrapResult, clusterBootstrap } from './bootstrap.ts';
export { clopperPearsonInterval } from './clopper-pearson-interval.ts';
export { cohenKappa } from './cohen-kappa.ts';
export { fleissKappa } from './fleiss-kappa.ts';
export type { Label } from './guards.ts';
export { gwetAC1 } from './gwet-ac1.ts';
export { logBeta, regularizedIncompleteBeta } from './incomplete-beta.ts';
export type { Interval } from './interval.ts';
export { kendallTauB } from './kendall-tau-b.ts';
export { krippendorffAlpha, type MeasurementLevel } from './krippendorff-alpha.ts';
export { type MacroAverage, macroAverage } from './macro-average.ts';
export { type MicroAverage, microAverage } from './micro-average.ts';
export { normalCdf } from './normal-cdf.ts';
export { normalQuantile } from './normal-quantile.ts';
export { type LowerTailTTest, lowerTailTTest } from './one-sample-t-test.ts';
export { pabak } from './pabak.ts';
export { percentAgreement } from './percent-agreement.ts';
export { percentileInterval } from './percentile-interval.ts';
export { type ConfusionCounts, type PrecisionRecallF1, precisionRecallF1 } from './precision-recall-f1.ts';
export { resampleClusters } from './resample-clusters.ts';
export { createRng, type Rng } from './rng.ts';
export { spearmanRho } from './spearman-rho.ts';
export { type BinaryLabel, type SpecificAgreement, specificAgreement } from './specific-agreement.ts';
export { studentTCdf } from './student-t.ts';
export { studentTQuantile } from './student-t-quantile.ts';
export { wilsonInterval } from './wilson-interval.ts';
