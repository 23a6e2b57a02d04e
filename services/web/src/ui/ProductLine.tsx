import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import './layout.css';
import './ProductLine.css';

/**
 * One product of an order: its name (the label of its quantity field), its
 * unit and links, the quantity control, and what went wrong with it. Lines in
 * the order (`ordered`) stand out from those at 0.
 */
export function ProductLine({
  inputId,
  name,
  unit,
  ordered,
  details,
  links,
  control,
  error,
}: {
  inputId: string;
  name: string;
  unit: string;
  ordered: boolean;
  /** What the line says of the product besides its name: its price, a flagged change, its note. */
  details?: ReactNode;
  links: ReactNode;
  control: ReactNode;
  error?: string | undefined;
}) {
  return (
    <li className={`order-line ${ordered ? 'order-line--ordered' : ''}`}>
      <div>
        <label htmlFor={inputId} className="order-line__name">
          {name}
        </label>{' '}
        <span className="order-line__unit">({unit})</span>
        {details ? <div className="order-line__details">{details}</div> : null}
        {/* The links share the touch targets of InlineLinks (layout.css). */}
        {links ? <div className="inline-links inline-links--wrap">{links}</div> : null}
      </div>
      {control}
      {error ? (
        <p id={`${inputId}-error`} className="order-line__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** A quantity: − and + buttons around a field that takes typing too (a decimal keyboard on phones). */
export function Stepper({
  id,
  value,
  label,
  decreaseLabel,
  increaseLabel,
  invalid,
  onStep,
  onType,
  onLeave,
}: {
  id: string;
  value: string;
  label: string;
  decreaseLabel: string;
  increaseLabel: string;
  /** Whether the field says what is wrong (in `${id}-error`). */
  invalid: boolean;
  onStep: (by: 1 | -1) => void;
  onType: (text: string) => void;
  /** The field lost the focus. */
  onLeave?: () => void;
}) {
  return (
    <div className="stepper">
      <button type="button" className="stepper__button" aria-label={decreaseLabel} onClick={() => onStep(-1)}>
        <Icon name="minus" />
      </button>
      <input
        id={id}
        className="input stepper__input"
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-label={label}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        value={value}
        onFocus={(e) => e.target.select()}
        onChange={(e) => onType(e.target.value)}
        onBlur={onLeave}
      />
      <button type="button" className="stepper__button" aria-label={increaseLabel} onClick={() => onStep(1)}>
        <Icon name="plus" />
      </button>
    </div>
  );
}
