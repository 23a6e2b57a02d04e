import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { isAlive } from '@reorder/server/data-lock';
import { CHROMIUM_ARGS } from '@reorder/testing';

/** Lighthouse 12 runs on Node 20 (13 needs Node 22). */
export const LIGHTHOUSE = 'lighthouse@12.8.2';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

export interface LighthouseReport {
  categories: Record<string, { score: number | null }>;
  /** How fast Lighthouse found this machine (its simulated TBT scales with the task lengths it observes). */
  environment: { benchmarkIndex: number };
  audits: Record<string, { id: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number }>;
}

/**
 * A slower machine played on this one (`BENCH_CPU_SHARE`, e.g. 0.5): Lighthouse and its Chromium run
 * in a cgroup (v1 `cpu` controller) allowed that share of every core, counted over 1 ms periods (longer
 * when the share of all cores is under one: the kernel's least quota is 1 ms), so
 * every thread of the browser, its own work as much as the page's script, runs at that speed, and no
 * task waits more than a millisecond at a time for its share. Lighthouse's benchmark index falls with
 * it: on 2026-11-30's machine, 1,676–2,882 at full speed and 775–1,898 at 0.5, around issue 49's
 * 1,300. A larger `--throttling.cpuSlowdownMultiplier` instead scales what Lighthouse observed on a
 * fast machine, and overstated a slow one's blocking time (docs/performance.md, Web app). Null when
 * unset; throws when the cgroup cannot be made (not root, no v1 `cpu` controller), rather than
 * measure at full speed unannounced.
 */
export function cpuShareGroup(share = Number(process.env.BENCH_CPU_SHARE ?? 0)): { tasks: string; remove(): void } | null {
  if (!share) return null;
  if (!(share > 0 && share <= 1)) throw new Error(`BENCH_CPU_SHARE must be above 0 and at most 1, not ${share}`);
  const root = '/sys/fs/cgroup/cpu';
  if (!existsSync(path.join(root, 'cpu.cfs_quota_us'))) throw new Error(`BENCH_CPU_SHARE needs cgroup v1's cpu controller at ${root}`);
  removeStaleGroups(root);
  const dir = path.join(root, `reorder-bench-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  // The kernel takes no quota under 1 ms: below a core's worth in all, the period grows instead.
  const cores = availableParallelism() * share;
  const period = Math.max(1000, Math.ceil(1000 / cores));
  writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
  writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(period * cores)));
  return {
    tasks: path.join(dir, 'tasks'),
    remove: () => {
      try {
        rmdirSync(dir);
      } catch {
        // A process still inside keeps it: the next run removes it once that process has ended.
      }
    },
  };
}

/** The groups of earlier runs that were killed before removing theirs: a group whose benchmark is gone, and that holds no process, goes. */
function removeStaleGroups(root: string) {
  for (const name of readdirSync(root)) {
    const pid = Number(/^reorder-bench-(\d+)$/.exec(name)?.[1]);
    if (!pid || pid === process.pid || isAlive(pid)) continue;
    try {
      rmdirSync(path.join(root, name));
    } catch {
      // Still holding a process (a browser that outlived its benchmark): left until it ends.
    }
  }
}

let slowGroup: ReturnType<typeof cpuShareGroup> | undefined;
process.on('exit', () => slowGroup?.remove());

/** How the runs were throttled, for a benchmark's summary. */
export const throttlingLabel = () =>
  `mobile, default throttling${process.env.BENCH_CPU_SHARE ? `, every core at ${process.env.BENCH_CPU_SHARE} of its speed (BENCH_CPU_SHARE)` : ''}`;

/**
 * One Lighthouse run of the CLI (mobile, default throttling) on Debian's Chromium, of `categories`; its
 * JSON report, written in `outDir`. A loaded machine sometimes loses the trace (NO_NAVSTART): one more
 * try before giving up.
 */
export function runLighthouse(url: string, outDir: string, categories: readonly string[]): Promise<LighthouseReport> {
  return runLighthouseOnce(url, outDir, categories).catch(() => runLighthouseOnce(url, outDir, categories));
}

function runLighthouseOnce(url: string, outDir: string, categories: readonly string[]): Promise<LighthouseReport> {
  const output = path.join(outDir, `report-${Date.now()}.json`);
  const args = [
    '-y',
    LIGHTHOUSE,
    url,
    `--only-categories=${categories.join(',')}`,
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
  ];
  const env = { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
  slowGroup ??= cpuShareGroup();
  // In the slow group, the shell puts itself there and becomes npx: Lighthouse and Chromium start inside it.
  const [command, commandArgs] = slowGroup ? ['sh', ['-c', 'echo $$ > "$0" && exec npx "$@"', slowGroup.tasks, ...args]] : ['npx', args];
  return new Promise((resolve, reject) => {
    execFile(command, commandArgs, { env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`Lighthouse failed on ${url}: ${stderr || error.message}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport);
    });
  });
}
