/**
 * Percentiles for the benchmarks (nearest rank, rounding down: p99 of 100 values is the largest):
 * one definition, so every table's p50 and p99 mean the same thing.
 */

/** The p-th percentile of values already sorted ascending; NaN when there are none. */
export const percentileOfSorted = (sorted: ArrayLike<number>, p: number): number => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);

/** The p-th percentile of values in any order (sorted in a copy). */
export const percentile = (xs: readonly number[], p: number): number => percentileOfSorted(Float64Array.from(xs).sort(), p);
