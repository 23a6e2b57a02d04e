import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const root = path.resolve(import.meta.dirname, '../../..');
/** Where the table is; `node tooling/scripts/test-durations.mjs` writes it from a run's reports. */
const DURATIONS_FILE = path.join(root, 'tooling/testing/durations.json');

/**
 * Longest files first, so that a suite's two or three workers end together:
 * a slow file that starts last keeps one worker busy while the others wait
 * (on a fresh clone, vitest's own order, largest file first, put the
 * browser suite's longest file among the last: docs/performance.md,
 * "The test run").
 *
 * A file's weight is its duration in vitest's own cache when this checkout
 * has run it, else the committed table's (`durations.json`: seconds, by
 * `project:path`, from a full run), else 0; ties keep vitest's order (largest
 * file first). The weights only order the files: a stale table slows a run,
 * it never changes what runs.
 */
export class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const table = readTable();
    const cache = this.ctx.cache;
    const weight = (spec: TestSpecification) => {
      const key = `${spec.project.name}:${path.relative(this.ctx.config.root, spec.moduleId).split(path.sep).join('/')}`;
      const cached = cache.getFileTestResults(key)?.duration;
      return cached !== undefined ? cached / 1000 : (table[key] ?? 0);
    };
    const order = await super.sort(files);
    const rank = new Map(order.map((spec, index) => [spec, index]));
    const weights = new Map(order.map((spec) => [spec, weight(spec)]));
    return order.sort((a, b) => {
      if (a.project.name !== b.project.name) return rank.get(a)! - rank.get(b)!;
      return weights.get(b)! - weights.get(a)! || rank.get(a)! - rank.get(b)!;
    });
  }
}

function readTable(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
