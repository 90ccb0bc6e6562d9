/** A two-sided confidence interval, lower ≤ upper. */
export interface Interval {
  lower: number;
  upper: number;
}
