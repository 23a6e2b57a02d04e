import type { ReactNode } from 'react';

/** Card sizes of spec §5. */
export type CardSize = 'sm' | 'md' | 'lg';

export function Card({
  size = 'md',
  title,
  children,
  className,
}: {
  size?: CardSize;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section className={`card card--${size} ${className ?? ''}`}>
      {title ? <h2 className="card__title">{title}</h2> : null}
      {children}
    </section>
  );
}
