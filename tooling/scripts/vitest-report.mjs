import path from 'node:path';

/**
 * What a vitest JSON report (`--reporter=json`) says: how many tests passed,
 * how many did not (failed, skipped, todo: all count against the run), and a
 * line for each that did not, with the first line of why, so the end of a
 * long log names them.
 */
export function reportCounts(report, root) {
  const passed = report.numPassedTests ?? 0;
  const notPassed = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(root, file.name ?? '');
    const tests = file.assertionResults ?? [];
    for (const test of tests) {
      if (test.status === 'passed') continue;
      const why = test.failureMessages?.[0] ? firstReason(test.failureMessages[0]) : test.status;
      notPassed.push(`${where}: ${test.fullName ?? test.title}: ${why}`);
    }
    // A file that failed before its tests ran (an import error, a failed beforeAll) has none listed.
    if (file.status === 'failed' && !tests.some((t) => t.status !== 'passed')) notPassed.push(`${where}: ${file.message || 'failed'}`);
  }
  return { passed, failed: (report.numTotalTests ?? 0) - passed, notPassed };
}

/**
 * The first line of a failure and where in a test file it happened. An
 * expect.poll that timed out carries the stack of its call, whose first line
 * is only "Error: STACK_TRACE_ERROR": the line of the test file tells which
 * poll it was.
 */
function firstReason(failure) {
  const lines = String(failure).split('\n');
  const reason = lines[0].includes('STACK_TRACE_ERROR') ? 'expect.poll did not succeed in time' : lines[0];
  const at = lines.find((line) => /^\s+at .*\.test\.[cm]?[jt]sx?:\d+/.test(line));
  const where = at?.match(/([^/\\( ]+\.test\.[cm]?[jt]sx?:\d+)/)?.[1];
  return where && !reason.includes(where) ? `${reason.trim()} (${where})` : reason.trim();
}
