import { useEffect } from 'react';
import { useValue, valueStore } from './value-store.ts';

/** How many things a navigation is waiting for (a screen's code, a screen's data). */
const pending = valueStore(0);

/** Counts one more thing the navigation waits for; the answer counts it done (once). */
function startWaiting(): () => void {
  pending.set(pending.get() + 1);
  let done = false;
  return () => {
    if (done) return;
    done = true;
    pending.set(pending.get() - 1);
  };
}

/** Marks the navigation busy while the calling component is mounted and `active`. */
export function useNavigationBusy(active = true) {
  useEffect(() => (active ? startWaiting() : undefined), [active]);
}

/** Whether a navigation is loading: the progress bar shows (ui/progress.tsx). */
export function useNavigating(): boolean {
  return useValue(pending) > 0;
}
