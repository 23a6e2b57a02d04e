import { type ComponentProps, type ReactNode, type Ref, useState } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useOnline } from '../lib/online.ts';
import './layout.css';

/*
 * The small layout pieces every screen uses. Only ui/ writes class names:
 * screens and features compose these, and their look lives in layout.css.
 */

/**
 * A form that the shared schemas validate (the browser's own checks are off).
 * A form needs a connection (signing in, creating a supplier…: docs/architecture.md,
 * "Offline"): offline it says so, and a submit does nothing else. Only forms
 * whose saves wait on the device (`worksOffline`: the order's message) go on.
 */
export function Form({ worksOffline, onSubmit, children, ...props }: FormProps) {
  const { t } = useTranslation();
  const online = useOnline();
  const [tried, setTried] = useState(false);
  const blocked = !worksOffline && !online;
  return (
    <form
      className="form"
      noValidate
      {...props}
      onSubmit={(event) => {
        if (blocked) {
          event.preventDefault();
          setTried(true);
          return;
        }
        setTried(false);
        onSubmit?.(event);
      }}
    >
      {blocked && (
        <p className="needs-connection" role={tried ? 'alert' : 'status'}>
          {t('offline.needsConnection')}
        </p>
      )}
      {children}
    </form>
  );
}
type FormProps = Omit<ComponentProps<'form'>, 'className' | 'noValidate'> & { worksOffline?: boolean };

/** A quiet explanation under a title or a field. */
export function Hint(props: Omit<ComponentProps<'p'>, 'className'>) {
  return <p className="hint" {...props} />;
}

/** Buttons side by side, wrapping on a narrow screen. */
export function ButtonRow({ children }: { children: ReactNode }) {
  return <div className="button-row">{children}</div>;
}

/** A search field and a button on one line. */
export function Toolbar({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`toolbar ${className ?? ''}`}>{children}</div>;
}

/** A short line of status ("Last ordered …", "Updating…"). */
export function StatusLine(props: Omit<ComponentProps<'p'>, 'className'>) {
  return <p className="status-line" {...props} />;
}

/** What a list says when it has nothing to show. */
export function Empty(props: Omit<ComponentProps<'p'>, 'className'>) {
  return <p className="empty" {...props} />;
}

/** Full-width buttons stacked (the profile's menu). */
export function MenuLinks({ children }: { children: ReactNode }) {
  return <div className="menu-links">{children}</div>;
}

/** A notice across the top of the content; `strong` for one that must not be missed. */
export function Banner({ strong, children }: { strong?: boolean; children: ReactNode }) {
  return (
    <div className={`banner ${strong ? 'banner--strong' : ''}`} role="status">
      {children}
    </div>
  );
}

/** A small label beside a name ("This device"). */
export function Badge({ children }: { children: ReactNode }) {
  return <span className="badge">{children}</span>;
}

/** A name with something beside it, on one line (a device, a token). */
export function ItemName({ children }: { children: ReactNode }) {
  return <p className="item-name">{children}</p>;
}

/** Content centred in the screen: loading, a failure, the 404. */
export function CenterView(props: Omit<ComponentProps<'div'>, 'className'>) {
  return <div className="center-view" {...props} />;
}

export function Spinner({ small }: { small?: boolean }) {
  return <span className={`spinner ${small ? 'spinner--small' : ''}`} aria-hidden="true" />;
}

/** The big "404" of the not-found screen (decoration: the heading says it in words). */
export function Big404() {
  return (
    <p className="big-404" aria-hidden="true">
      404
    </p>
  );
}

/** Terms and their values, two columns on a wide screen (`compact` for a card's details). */
export function Details({ compact, children }: { compact?: boolean; children: ReactNode }) {
  return <dl className={`details ${compact ? 'details--compact' : ''}`}>{children}</dl>;
}

/** A question that follows an action, with its answers ("Clear the order for next time?"). */
export function Offer({ children }: { children: ReactNode }) {
  return (
    <div className="card card--sm offer" role="status">
      {children}
    </div>
  );
}

/** A line with a word in the middle ("or"), between two ways of doing a thing. */
export function Divider({ children }: { children: ReactNode }) {
  return <p className="divider">{children}</p>;
}

/** Stacked blocks with the usual gap between them. */
export function Stack({ children }: { children: ReactNode }) {
  return <div className="stack">{children}</div>;
}

/** The welcome of the home screen: its tagline and actions. */
export function Hero({ tagline, children }: { tagline: ReactNode; children: ReactNode }) {
  return (
    <div className="hero">
      <p className="hero__tagline">{tagline}</p>
      {children}
    </div>
  );
}

/** What the product does, one `<li>` each. */
export function FeatureList({ children }: { children: ReactNode }) {
  return <ul className="features">{children}</ul>;
}

/** Text shown as it is, line breaks kept (an order's text); `empty` greys out a placeholder. */
export function Preformatted({ empty, ...props }: { empty?: boolean } & Omit<ComponentProps<'pre'>, 'className'>) {
  return <pre className={`preformatted ${empty ? 'preformatted--empty' : ''}`} {...props} />;
}

/** A plain white block around content that is turned into an image. */
export function CaptureArea({ ref, children }: { ref: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div ref={ref} className="capture-area">
      {children}
    </div>
  );
}

/** Links side by side, each a whole touch target; `wrap` lets them go on to a second line on a narrow screen. */
export function InlineLinks({ wrap, children }: { wrap?: boolean; children: ReactNode }) {
  return <p className={`inline-links ${wrap ? 'inline-links--wrap' : ''}`}>{children}</p>;
}
