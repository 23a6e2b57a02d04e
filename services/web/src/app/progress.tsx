import { useEffect, useSyncExternalStore } from 'react';
import { ProgressLine } from '../ui/Feedback.tsx';

/** How many things a navigation is waiting for (a screen's code, a screen's data). */
let pending = 0;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const navigationProgress = {
  start() {
    pending++;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      pending--;
      emit();
    };
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  busy: () => pending > 0,
};

/** Marks the navigation busy while the calling component is mounted and `active`. */
export function useNavigationBusy(active = true) {
  useEffect(() => (active ? navigationProgress.start() : undefined), [active]);
}

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressBar() {
  const busy = useSyncExternalStore(navigationProgress.subscribe, navigationProgress.busy, navigationProgress.busy);
  return <ProgressLine busy={busy} />;
}
