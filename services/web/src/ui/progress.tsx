import { useNavigating } from '../lib/navigation-busy.ts';
import { ProgressLine } from './Feedback.tsx';

/** The thin bar at the top of the page while a navigation loads. */
export function ProgressBar() {
  return <ProgressLine busy={useNavigating()} />;
}
