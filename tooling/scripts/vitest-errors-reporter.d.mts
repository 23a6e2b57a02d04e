// Types of vitest-errors-reporter.mjs for the TypeScript that imports it (its test).
/** Writes the errors raised outside any test to the file named by VITEST_ERRORS_FILE. */
export default class ErrorsReporter {
  onTestRunEnd(modules: readonly unknown[], unhandledErrors: readonly Record<string, unknown>[]): void;
}
