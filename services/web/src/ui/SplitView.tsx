import type { ReactNode } from 'react';
import './SplitView.css';

/**
 * Two columns on a wide screen (the main content, and beside it a side column
 * that stays in view while the main one scrolls); one column on a phone, the
 * side after the main.
 */
export function SplitView({ main, side }: { main: ReactNode; side: ReactNode }) {
  return (
    <div className="split">
      <div className="split__main">{main}</div>
      <div className="split__side">{side}</div>
    </div>
  );
}
