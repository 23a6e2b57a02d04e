/**
 * The password of the benchmarks' accounts. It must pass the password policy
 * of docs/decisions.md §4 (no common password, nothing from the email or the
 * business name), or registration answers 400 and the benchmark stops.
 */
export const BENCH_PASSWORD = 'correct horse battery staple';
