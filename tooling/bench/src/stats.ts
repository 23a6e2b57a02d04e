/**
 * The benchmarks' summaries of timed samples. A quantile is a sample itself, never an average of two:
 * with an even count the median is the upper of the middle two, as every figure in docs/performance.md
 * was taken (bench:api, whose medians average the middle two, aside).
 */
export function quantile(samples: readonly number[], q: number): number {
  if (!samples.length) throw new Error('No samples to summarize');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

/** The median, the 95th percentile and the fastest. */
export function stats(samples: readonly number[]): { median: number; p95: number; min: number } {
  return { median: median(samples), p95: quantile(samples, 0.95), min: quantile(samples, 0) };
}
