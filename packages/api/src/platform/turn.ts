/**
 * Resolves in a later turn of the event loop, after pending I/O (a ping, a
 * small request) had its go: how heavy work keeps each turn under 100 ms
 * (docs/decisions.md §9.7).
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
