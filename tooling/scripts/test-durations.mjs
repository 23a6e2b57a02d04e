#!/usr/bin/env node
// Writes tooling/testing/durations.json, the weights the test sequencer orders files by
// (tooling/testing/src/sequencer.ts), from the reports of the last `npm test` in .vitest-results:
// each file's seconds, by `project:path` (files of a second or more). Run it after a full run when files were added or their
// times changed much; a stale table only orders the files less well.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const results = path.join(root, '.vitest-results');
if (!existsSync(results)) {
  console.error('No .vitest-results here: run `npm test` first.');
  process.exit(1);
}
const table = {};
for (const file of readdirSync(results).filter(
  (name) => name.endsWith('.json') && name !== 'durations.json' && !name.endsWith('.errors.json'),
)) {
  const project = path.basename(file, '.json');
  const report = JSON.parse(readFileSync(path.join(results, file), 'utf8'));
  for (const test of report.testResults ?? []) {
    const seconds = Math.round((test.endTime - test.startTime) / 100) / 10;
    // Files under a second weigh nothing worth ordering by; the path from the checkout's top, wherever it ran.
    const where = test.name
      .split(path.sep)
      .join('/')
      .match(/(?:^|\/)((?:packages|services|tooling)\/.*)$/)?.[1];
    if (where && seconds >= 1) table[`${project}:${where}`] = seconds;
  }
}
const sorted = Object.fromEntries(Object.entries(table).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(path.join(root, 'tooling/testing/durations.json'), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`Wrote the durations of ${Object.keys(sorted).length} files.`);
