import { elementAt, float64At, int32At } from '../element-at.ts';
import { clusterEntriesBuilder } from './cluster-entries.ts';
import { jackknifeAccelerations } from './sparse-jackknife.ts';
import type { BootstrapDraws } from './weighted-bootstrap.ts';

/** Figures computed from other figures of one bootstrap. */
export interface DerivedFigures {
  /** Per derived slot, the source slots its value reads. */
  reads: readonly ArrayLike<number>[];
  /** Derived slot `slot` from the source values `get` hands it (`NaN` = undefined). */
  value: (slot: number, get: (sourceSlot: number) => number) => number;
}

/**
 * Figures computed from other figures (a τ-b from two rankings' cell means, a difference of two
 * rates), with the same kind of intervals: each derived slot is computed on the estimate, on every
 * replicate (from the source slots' b-th draws, so it is resampled coherently with them) and on
 * every jackknife sample. The jackknife is sparse as the source's: for cluster j only the derived
 * slots reading a source slot that j moves are recomputed (from j's values of those slots and the
 * estimate of the rest, which is exactly what j leaves them at); all others keep their estimate.
 *
 * Preconditions: every slot in `reads` is a slot of `source`, and `value` reads no other (its
 * jackknife would miss the change otherwise).
 */
export function deriveDraws(source: BootstrapDraws, figures: DerivedFigures): BootstrapDraws {
  const { replicates: B, size: n } = source;
  const slots = figures.reads.length;
  const estimate = new Float64Array(slots);
  const current = Float64Array.from(source.estimate);
  const fromCurrent = (sourceSlot: number): number => float64At(current, sourceSlot);
  for (let d = 0; d < slots; d++) estimate[d] = figures.value(d, fromCurrent);

  const draws = new Float64Array(slots * B);
  for (let b = 0; b < B; b++) {
    const fromReplicate = (sourceSlot: number): number => float64At(source.draws, sourceSlot * B + b);
    for (let d = 0; d < slots; d++) draws[d * B + b] = figures.value(d, fromReplicate);
  }

  const jackknife = source.jackknife === null ? null : deriveJackknife(source, figures, estimate, current);
  const acceleration =
    jackknife === null
      ? new Float64Array(slots).fill(Number.NaN)
      : jackknifeAccelerations(jackknife, estimate);
  return { slots, replicates: B, size: n, estimate, draws, jackknife, acceleration };
}

function deriveJackknife(
  source: BootstrapDraws,
  figures: DerivedFigures,
  estimate: Float64Array,
  current: Float64Array,
): BootstrapDraws['jackknife'] {
  const sourceJackknife = source.jackknife;
  if (sourceJackknife === null) return null;
  const readers = readersOf(figures.reads, source.slots);
  const n = source.size;
  const result = clusterEntriesBuilder(n);
  const marked = new Int32Array(figures.reads.length).fill(-1);
  const affected: number[] = [];
  const fromCurrent = (sourceSlot: number): number => float64At(current, sourceSlot);
  const { offsets, targets, values } = sourceJackknife;
  for (let j = 0; j < n; j++) {
    const start = int32At(offsets, j);
    const end = int32At(offsets, j + 1);
    affected.length = 0;
    for (let p = start; p < end; p++) {
      const slot = int32At(targets, p);
      current[slot] = float64At(values, p);
      for (let r = int32At(readers.offsets, slot); r < int32At(readers.offsets, slot + 1); r++) {
        const d = int32At(readers.derived, r);
        if (marked[d] === j) continue;
        marked[d] = j;
        affected.push(d);
      }
    }
    affected.sort((x, y) => x - y);
    for (const d of affected) {
      const value = figures.value(d, fromCurrent);
      if (value !== estimate[d] && !Number.isNaN(float64At(estimate, d))) result.add(d, value);
    }
    for (let p = start; p < end; p++)
      current[int32At(targets, p)] = float64At(source.estimate, int32At(targets, p));
    result.endCluster();
  }
  return result.finish();
}

/** Per source slot, the derived slots that read it (compressed rows). */
function readersOf(
  reads: readonly ArrayLike<number>[],
  sourceSlots: number,
): { offsets: Int32Array; derived: Int32Array } {
  const offsets = new Int32Array(sourceSlots + 1);
  for (const list of reads)
    for (let r = 0; r < list.length; r++) {
      const slot = elementAt(list, r);
      if (!(slot >= 0 && slot < sourceSlots)) throw new RangeError(`deriveDraws: no source slot ${slot}`);
      offsets[slot + 1] = int32At(offsets, slot + 1) + 1;
    }
  for (let s = 0; s < sourceSlots; s++) offsets[s + 1] = int32At(offsets, s + 1) + int32At(offsets, s);
  const derived = new Int32Array(int32At(offsets, sourceSlots));
  const fill = offsets.slice(0, sourceSlots);
  reads.forEach((list, d) => {
    for (let r = 0; r < list.length; r++) {
      const slot = elementAt(list, r);
      derived[int32At(fill, slot)] = d;
      fill[slot] = int32At(fill, slot) + 1;
    }
  });
  return { offsets, derived };
}
