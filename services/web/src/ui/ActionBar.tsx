import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import './ActionBar.css';

/**
 * The actions of a screen within the thumb's reach: on a phone a bar fixed
 * above the bottom menu (with room kept for it at the end of the page), on a
 * wide screen a plain block where it stands. `phoneOnly` holds what a wide
 * screen shows elsewhere already.
 */
export function ActionBar({
  label,
  summary,
  phoneOnly,
  children,
  notice,
}: {
  label: string;
  summary: ReactNode;
  phoneOnly?: ReactNode;
  children: ReactNode;
  notice?: ReactNode;
}) {
  const bar = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  // A notice can make the bar taller than the room kept for it: the room grows with it, so the page's last lines stay reachable.
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      <section ref={bar} className="action-bar bottom-surface" aria-label={label}>
        {notice ? <div className="action-bar__notice">{notice}</div> : null}
        <div className="action-bar__row">
          <div className="action-bar__side">
            <span className="action-bar__summary" aria-live="polite">
              {summary}
            </span>
            {phoneOnly ? <span className="action-bar__phone-only">{phoneOnly}</span> : null}
          </div>
          <div className="action-bar__actions">{children}</div>
        </div>
      </section>
      <div className="action-bar-space" aria-hidden="true" style={height ? { minHeight: height + 8 } : undefined} />
    </>
  );
}
