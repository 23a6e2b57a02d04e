import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
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
  return new Promise((resolve, reject) => {
    execFile('npx', args, { env, maxBuffer: 64 * 1024 * 1024 }, (error, _stdout, stderr) => {
      if (error) return reject(new Error(`Lighthouse failed on ${url}: ${stderr || error.message}`));
      resolve(JSON.parse(readFileSync(output, 'utf8')) as LighthouseReport);
    });
  });
}
