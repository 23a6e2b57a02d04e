import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import ErrorsReporter from './vitest-errors-reporter.mjs';

describe('the errors reporter', () => {
  const before = process.env.VITEST_ERRORS_FILE;
  afterEach(() => {
    if (before === undefined) delete process.env.VITEST_ERRORS_FILE;
    else process.env.VITEST_ERRORS_FILE = before;
  });

  it('writes a line per error outside the tests: what, where in our code, and the test', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'errors-')), 'errors.json');
    process.env.VITEST_ERRORS_FILE = file;
    new ErrorsReporter().onTestRunEnd(
      [],
      [
        {
          name: 'Error',
          message: 'left behind\nsecond line',
          stack: 'Error: left behind\n    at x (/r/node_modules/y/z.js:1:1)\n    at /r/services/a.test.ts:3:18',
          VITEST_TEST_NAME: 'passes',
        },
        { message: 'Timeout calling "onTaskUpdate"' },
      ],
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([
      'Error: left behind at /r/services/a.test.ts:3:18 (during or after "passes")',
      'Error: Timeout calling "onTaskUpdate"',
    ]);
  });

  it('writes an empty list when there were none', () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'errors-')), 'errors.json');
    process.env.VITEST_ERRORS_FILE = file;
    new ErrorsReporter().onTestRunEnd([], []);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual([]);
  });
});
