import type { Access } from './access.ts';

/** The last screen shown, so /logout knows where to go back to (docs/product.md §2). */
let last: { path: string; access: Access } | undefined;

export function recordVisit(path: string, access: Access) {
  last = { path, access };
}

/** The screen shown before the current navigation started (read it before the new screen records itself). */
export function lastVisited() {
  return last;
}
