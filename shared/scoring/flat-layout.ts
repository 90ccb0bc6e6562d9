/**
 * The layout of a flat array — the sums a bootstrap's clusters add to, the figures each replicate
 * writes — as sections laid out one after another: section s holds `count` records of `width`
 * slots, record r's field f at `start + r · width + f`. The writer and the reader of an array both
 * address it through the one layout that describes it, so no offset is written twice, and every
 * address is checked: a record or field outside its section throws a RangeError instead of reading
 * a neighbour's slot.
 *
 * @example
 * const layout = new FlatLayout();
 * const groups = layout.section(4, 3); // slots 0–11: four groups of (tp, fp, fn)
 * const items = layout.section(1); // slot 12
 * groups.slot(2, 1) // 7; layout.size // 13
 */
export class FlatLayout {
  #size = 0;

  /** How many slots the sections added so far take. */
  get size(): number {
    return this.#size;
  }

  /** Appends a section of `count` records of `width` slots (both non-negative integers). */
  section(count: number, width = 1): FlatSection {
    if (!Number.isInteger(count) || count < 0 || !Number.isInteger(width) || width < 0)
      throw new RangeError(`FlatLayout: a section of ${count} × ${width} slots`);
    const section = new FlatSection(this.#size, count, width);
    this.#size += count * width;
    return section;
  }
}

/** One section of a `FlatLayout`. */
export class FlatSection {
  constructor(
    readonly start: number,
    readonly count: number,
    readonly width: number,
  ) {}

  /** The slot of field `field` of record `record`; throws a RangeError outside the section. */
  slot(record = 0, field = 0): number {
    if (!(Number.isInteger(record) && record >= 0 && record < this.count))
      throw new RangeError(`FlatSection: record ${record} outside 0–${this.count - 1}`);
    if (!(Number.isInteger(field) && field >= 0 && field < this.width))
      throw new RangeError(`FlatSection: field ${field} outside 0–${this.width - 1}`);
    return this.start + record * this.width + field;
  }
}
