import type { ReactNode } from 'react';
import './Card.css';

/** Card sizes of docs/product.md §5. */
export type CardSize = 'sm' | 'md' | 'lg';

export function Card({
  size = 'md',
  title,
  children,
  className,
  label,
  id,
}: {
  size?: CardSize;
  title?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Names the card for assistive technology when it has no title. */
  label?: string;
  id?: string;
}) {
  return (
    <section id={id} className={`card card--${size} ${className ?? ''}`} aria-label={label}>
      {title ? <CardTitle>{title}</CardTitle> : null}
      {children}
    </section>
  );
}

/** A card's heading, where the card's content chooses it (a card whose content changes). */
export function CardTitle({ children }: { children: ReactNode }) {
  return <h2 className="card__title">{children}</h2>;
}
