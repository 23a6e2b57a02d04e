import { writeFileSync } from 'node:fs';

/**
 * A vitest reporter that writes, to the file named by VITEST_ERRORS_FILE, the
 * errors raised outside any test (an unhandled rejection, a worker that timed
 * out). Vitest fails the run on them though every test passed, and its JSON
 * report leaves them out: `npm test` names them in its summary from here.
 */
export default class ErrorsReporter {
  onTestRunEnd(_modules, unhandledErrors) {
    const file = process.env.VITEST_ERRORS_FILE;
    if (!file) return;
    const lines = unhandledErrors.map((error) => {
      const where = String(error.stack ?? '')
        .split('\n')
        .find((line) => /^\s+at .*\.(test\.)?[cm]?[jt]sx?:\d+/.test(line) && !line.includes('node_modules'));
      // Vitest names the test that was running, or last ran, when the error came.
      const after = error.VITEST_TEST_NAME ? `(during or after "${error.VITEST_TEST_NAME}")` : undefined;
      return [`${error.name ?? 'Error'}: ${String(error.message ?? error).split('\n')[0]}`, where?.trim(), after].filter(Boolean).join(' ');
    });
    writeFileSync(file, JSON.stringify(lines));
  }
}
