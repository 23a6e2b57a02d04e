import { type ReactNode, useLayoutEffect, useRef } from 'react';
import './TwoPanes.css';

let listScroll = 0;

/**
 * A desktop's two panes (from 1024 pixels wide: issue 32): a list on the left
 * that stays in view, and what is open on the right. Screens render it only
 * on a wide screen (`useMediaQuery(DESKTOP_QUERY)`); a phone shows one or
 * the other.
 */
export function TwoPanes({ list, label, children }: { list: ReactNode; label: string; children: ReactNode }) {
  // Each screen comes anew with its route: the list keeps where it was scrolled to from one to the next.
  const nav = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    if (nav.current) nav.current.scrollTop = listScroll;
  }, []);
  return (
    <div className="two-panes">
      <nav
        ref={nav}
        className="two-panes__list"
        aria-label={label}
        onScroll={(event) => {
          listScroll = event.currentTarget.scrollTop;
        }}
      >
        {list}
      </nav>
      <div className="two-panes__open">{children}</div>
    </div>
  );
}
