/**
 * What each cluster (argument, item) adds to a bootstrap's accumulators, stored sparsely in
 * compressed-sparse-row form: cluster i's entries are positions [offsets[i], offsets[i + 1]) of
 * `targets` (the accumulator) and `values` (what one copy of the cluster adds to it). Clusters add
 * nothing to accumulators they have no entry for — undefined values are simply absent — so a
 * resample costs one multiply-add per entry of a drawn cluster, and deleting one cluster touches
 * only its own entries.
 */
export interface ClusterEntries {
  /** n + 1 offsets; cluster i owns [offsets[i], offsets[i + 1]). */
  offsets: Int32Array;
  targets: Int32Array;
  values: Float64Array;
}

/** Collects entries cluster by cluster, in order, into growing typed arrays. */
export interface ClusterEntriesBuilder {
  /** Adds an entry to the current cluster. */
  add: (target: number, value: number) => void;
  /** Closes the current cluster (call once per cluster, also for one without entries). */
  endCluster: () => void;
  /** The entries of every closed cluster. */
  finish: () => ClusterEntries;
}

/**
 * A builder for the entries of `clusters` clusters; `expected` entries are reserved up front (the
 * arrays double when they run out).
 *
 * Precondition: `endCluster` called exactly `clusters` times before `finish` (throws otherwise).
 */
export function clusterEntriesBuilder(clusters: number, expected = clusters * 4): ClusterEntriesBuilder {
  const offsets = new Int32Array(clusters + 1);
  let targets = new Int32Array(Math.max(16, expected));
  let values = new Float64Array(targets.length);
  let count = 0;
  let closed = 0;
  return {
    add(target, value) {
      if (count === targets.length) {
        const grownTargets = new Int32Array(targets.length * 2);
        grownTargets.set(targets);
        targets = grownTargets;
        const grownValues = new Float64Array(values.length * 2);
        grownValues.set(values);
        values = grownValues;
      }
      targets[count] = target;
      values[count] = value;
      count++;
    },
    endCluster() {
      if (closed === clusters) throw new RangeError(`clusterEntriesBuilder: more than ${clusters} clusters`);
      closed++;
      offsets[closed] = count;
    },
    finish() {
      if (closed !== clusters)
        throw new RangeError(`clusterEntriesBuilder: ${closed} of ${clusters} clusters closed`);
      return { offsets, targets: targets.slice(0, count), values: values.slice(0, count) };
    },
  };
}
