import { useSyncExternalStore } from 'react';

/** The width from which a screen shows two panes and a sidebar (issue 32); CSS uses the same 1024px. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/**
 * One live MediaQueryList per query, made once: React asks for the snapshot
 * at every render of every screen that follows the width, and
 * `window.matchMedia` parses the query and makes a new list each time (about
 * 2 ms a tap at 4× CPU on the order screen, in a profile of `bench:web`'s clicks).
 */
const lists = new Map<string, MediaQueryList>();
function listFor(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether the media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = listFor(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => listFor(query).matches,
    () => false,
  );
}
