/**
 * The study's triple generator, seeded (issue 3): `generateTriples` draws arguable, reordered and
 * non-arguable triples; `triplesToJsonl` and `triplesToScenarioCsv` write them. Pure; no I/O.
 */

export { triplesToJsonl, triplesToScenarioCsv } from './format.ts';
export { bernoulli, sampleWithoutReplacement, shuffle, uniformInt } from './sampling.ts';
export {
  type GenerateTriplesOptions,
  type GenerateTriplesReport,
  type GenerateTriplesResult,
  generateTriples,
} from './triples.ts';
