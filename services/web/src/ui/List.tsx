import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'wouter';
import './List.css';

/** A list of things on a screen, named for assistive technology; `inset` inside a card (devices, tokens). */
export function List({
  label,
  inset,
  className,
  ordered,
  children,
}: {
  label: string;
  inset?: boolean;
  /** Its own class instead of `list` (LongList's `className`). */
  className?: string | undefined;
  ordered?: boolean | undefined;
  children: ReactNode;
}) {
  const Tag = ordered ? 'ol' : 'ul';
  return (
    <Tag className={className ?? `list ${inset ? 'list--inset' : ''}`} aria-label={label}>
      {children}
    </Tag>
  );
}

/** One row: its content on the left, its actions on the right. */
export function ListItem({ children }: { children: ReactNode }) {
  return <li className="list__item">{children}</li>;
}

/**
 * The part of a row that opens it: a title and, under it, a quieter line and
 * an optional status line; `highlight` marks a row that needs attention.
 */
export function ListLink({
  href,
  title,
  meta,
  status,
  highlight,
  current,
  ...rest
}: {
  href: string;
  title: ReactNode;
  meta?: ReactNode;
  status?: ReactNode;
  highlight?: boolean;
  /** The row of what is open beside the list (a desktop's two panes). */
  current?: boolean;
  'aria-label'?: string;
}) {
  return (
    <Link
      href={href}
      className={`list__link ${current ? 'list__link--current' : ''}`}
      aria-current={current ? 'page' : undefined}
      {...rest}
    >
      <span className="list__title">{title}</span>
      {meta ? <span className="list__meta">{meta}</span> : null}
      {status ? <span className={`list__status ${highlight ? 'list__status--highlight' : ''}`}>{status}</span> : null}
    </Link>
  );
}

/** A row's title and meta line without a link (a device, a token). */
export function ListText({ title, meta }: { title: ReactNode; meta?: ReactNode }) {
  return (
    <div className="list__text">
      <p className="list__title">{title}</p>
      {meta ? <p className="list__meta">{meta}</p> : null}
    </div>
  );
}

/** The buttons at the end of a row. */
export function ListActions(props: Omit<ComponentProps<'div'>, 'className'>) {
  return <div className="list__actions" {...props} />;
}
