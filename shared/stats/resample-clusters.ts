import type { Rng } from './rng.ts';

/**
 * One cluster-bootstrap resample: draw whole clusters (in this project, items — generated
 * arguments with their 78 decisions) with replacement, never single cells, because decisions
 * within an item are correlated and resampling them one by one would understate the variance
 * (Davison & Hinkley, "Bootstrap Methods and their Application", 1997, §3.8; Field & Welsh,
 * "Bootstrapping clustered data", JRSS B 69, 2007).
 *
 * Without `strata`, n draws from all n clusters. With `strata`, each stratum h is resampled on
 * its own, n_h draws from its n_h clusters, so every resample keeps the design's stratum sizes
 * (Davison & Hinkley 1997, §3.7; docs/STATISTICS.md §5.2). Strata are visited in order of
 * first appearance and the resample lists them in that order, so a seed fixes the result.
 * Each draw is `rng.nextInt(n_h)`, uniform and unbiased.
 *
 * Preconditions: `strata`, if given, returns a string for every cluster. Returns the same
 * cluster objects (not copies), a cluster appearing once per time it was drawn.
 * Degenerate input: no clusters gives an empty resample.
 *
 * @example resampleClusters(['a', 'b', 'c'], createRng(1)) // ['a', 'c', 'a'] (three draws with replacement)
 */
export function resampleClusters<T>(clusters: readonly T[], rng: Rng, strata?: (cluster: T) => string): T[] {
  if (strata === undefined) return drawWithReplacement(clusters, rng);
  const byStratum = new Map<string, T[]>();
  for (const cluster of clusters) {
    const stratum = strata(cluster);
    if (typeof stratum !== 'string') {
      throw new TypeError(`resampleClusters: strata must return a string (got ${String(stratum)})`);
    }
    const members = byStratum.get(stratum);
    if (members === undefined) byStratum.set(stratum, [cluster]);
    else members.push(cluster);
  }
  const sample: T[] = [];
  for (const members of byStratum.values()) {
    for (const drawn of drawWithReplacement(members, rng)) sample.push(drawn);
  }
  return sample;
}

function drawWithReplacement<T>(pool: readonly T[], rng: Rng): T[] {
  // nextInt(n) is always a valid index, so the element exists (the cast only drops `undefined`).
  return Array.from({ length: pool.length }, () => pool[rng.nextInt(pool.length)] as T);
}
