import { useEffect } from 'react';
import { ProgressLine } from '../ui/Feedback.tsx';
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

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressBar() {
  const busy = useValue(pending) > 0;
  return <ProgressLine busy={busy} />;
}
