import { median } from './stats.ts';

/**
 * Timing several ways of doing one thing against a floor, in the same run:
 * one warm-up round not counted, then `rounds` rounds in rotated order (so
 * that no way always runs first, or after the same one), and a table of
 * medians with each one's ratio to the floor.
 */
export async function timeRounds(ways: Record<string, (round: number) => Promise<void>>, rounds: number): Promise<Record<string, number>> {
  const names = Object.keys(ways);
  const times: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) await ways[name]!(-1);
  for (let round = 0; round < rounds; round++) {
    for (const name of [...names.slice(round % names.length), ...names.slice(0, round % names.length)]) {
      const started = performance.now();
      await ways[name]!(round);
      times[name]!.push(performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(times[name]!)]));
}

/** Prints the medians as a Markdown table, with the ratio of each to `floor`'s. */
export function printMedians(title: string, medians: Record<string, number>, floor: string, label = 'way'): void {
  console.log(`\n${title}\n`);
  console.log(`| ${label} | median | × ${floor} |`);
  console.log('|---|---|---|');
  for (const [name, value] of Object.entries(medians)) {
    console.log(`| ${name} | ${value.toFixed(1)} ms | ${(value / medians[floor]!).toFixed(2)} |`);
  }
}
