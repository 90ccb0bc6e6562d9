/**
 * Sampling and blind assignment: stratum keys, allocation of a sample over strata, a seeded
 * stratified simple random sample with its inclusion probabilities and design weights, and the
 * assignment of sampled items to annotators (k per item, balanced, queues in random order).
 * Pure functions, seeded by `createRng` from `shared/stats/rng.ts`; invalid input throws, a sample
 * that differs from what was asked comes with warnings. Definitions: the doc comment of each file
 * and docs/STATISTICS.md §6.1.
 */

export {
  type AllocateSampleOptions,
  type Allocation,
  allocateSample,
  type SampleAllocation,
  type StratumAllocation,
} from './allocate-sample.ts';
export { argumentStratum, attributeValue } from './argument-stratum.ts';
export {
  type AnnotatorAssignment,
  type AssignAnnotatorsOptions,
  type Assignment,
  assignAnnotators,
} from './assign-annotators.ts';
export { byCodeUnits } from './code-unit-order.ts';
export { largestRemainder } from './largest-remainder.ts';
export {
  type ReassignItemsOptions,
  type Reassignment,
  type ReassignSkipReason,
  reassignItems,
} from './reassign-items.ts';
export {
  drawStratifiedSample,
  type SampledItem,
  type StratifiedSample,
  type StratifiedSampleOptions,
} from './stratified-sample.ts';
export { parseStratumKey, stratumKey } from './stratum-key.ts';
