import { useSyncExternalStore } from 'react';

/** The width from which a screen shows two panes and a sidebar (issue 32); CSS uses the same 1024px. */
export const DESKTOP_QUERY = '(min-width: 1024px)';

/** Whether the media query matches now, following it as the window changes. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
