import type { BatchDraw } from './batch-difference-estimator.ts';
import type { DesignBatch } from './report-input.ts';

/** Where each argument stands for the batch estimator (docs/decisions/019-unequal-probability-batches.md). */
export interface BatchPhases {
  /** The sample version whose draw estimates the rest. */
  version: number;
  draw: BatchDraw;
  /** Per argument position: 1 drawn before that version (a known part), 2 drawn by it, 0 the rest. */
  phase: Uint8Array;
  /** π of every argument that version drew (`NaN` elsewhere). */
  inclusionProbability: Float64Array;
  notes: string[];
}

export const EARLIER = 1;
export const LAST = 2;

const versionList = (versions: readonly number[]) =>
  versions.length === 1 ? `version ${versions[0]}` : `versions ${versions.join(', ')}`;

/**
 * Which version's draw estimates the rest, and what came before it. The estimating version is the
 * latest with gold on an argument it drew: a later one without any gold yet cannot estimate
 * anything, and leaving it out is valid — its arguments are part of the rest the earlier one drew
 * from, and whether gold exists does not depend on what the gold says. Drawn before it: every
 * argument of an earlier version when it drew only from what they left (`excludedPrevious`); a
 * version drawn from everything has nothing before it (its rest is the whole population).
 *
 * `positionOf` maps an argument id to its position (unknown ids are left out); `hasGold(i)` says
 * whether argument i has gold. `undefined` for an empty list.
 */
export function batchPhases(
  batches: readonly DesignBatch[],
  positionOf: ReadonlyMap<string, number>,
  count: number,
  hasGold: (i: number) => boolean,
): BatchPhases | undefined {
  const ordered = [...batches].sort((a, b) => a.version - b.version);
  const withGold = ordered.filter((batch) =>
    batch.drawn.some(({ argumentId }) => {
      const i = positionOf.get(argumentId);
      return i !== undefined && hasGold(i);
    }),
  );
  const estimating = withGold.at(-1) ?? ordered.at(-1);
  if (!estimating) return undefined;
  const phase = new Uint8Array(count);
  const inclusionProbability = new Float64Array(count).fill(Number.NaN);
  const before = ordered.filter((batch) => batch.version < estimating.version);
  if (estimating.excludedPrevious)
    for (const batch of before)
      for (const { argumentId } of batch.drawn) {
        const i = positionOf.get(argumentId);
        if (i !== undefined) phase[i] = EARLIER;
      }
  for (const { argumentId, inclusionProbability: pi } of estimating.drawn) {
    const i = positionOf.get(argumentId);
    if (i === undefined) continue;
    phase[i] = LAST;
    inclusionProbability[i] = pi;
  }
  const unequal = ordered.filter((batch) => batch.draw === 'poisson');
  const named = unequal.map((batch) =>
    batch.batch === undefined
      ? `sample version ${batch.version}`
      : `batch ${batch.batch} (sample version ${batch.version})`,
  );
  const earlierCount = phase.reduce((sum, p) => sum + (p === EARLIER ? 1 : 0), 0);
  const how =
    estimating.excludedPrevious && before.length > 0
      ? `count the ${earlierCount} argument(s) drawn before sample version ${estimating.version} as a known sum and estimate the rest from version ${estimating.version}`
      : `estimate every argument from sample version ${estimating.version} alone`;
  const weighting =
    estimating.draw === 'poisson'
      ? 'weighting each of its arguments by 1/π (the Hájek form) with the Poisson variance'
      : 'a stratified simple random sample, by its mean with the SRS variance';
  const notes = [
    `${named.length === 1 ? 'A batch was' : 'Batches were'} drawn with unequal inclusion probabilities (the active design: ${named.join(', ')}): the corrected estimates ${how}, ${weighting} (docs/decisions/019-unequal-probability-batches.md).`,
  ];
  const later = ordered.filter((batch) => batch.version > estimating.version).map((batch) => batch.version);
  if (later.length > 0)
    notes.push(
      `Sample ${versionList(later)} ${later.length === 1 ? 'has' : 'have'} no gold yet: the corrected estimates count ${later.length === 1 ? 'its' : 'their'} arguments among the rest version ${estimating.version} estimates.`,
    );
  return { version: estimating.version, draw: estimating.draw, phase, inclusionProbability, notes };
}
