import type { ReactNode } from 'react';
import { Icon } from './Icon.tsx';
import { type RowPlace, rowPlaceProps } from './list-rows.ts';
import './ProductLine.css';

/**
 * One product of an order in one row of at most 56 pixels: its name (the
 * label of its quantity field) over its unit and details, the quantity
 * control, and a menu of the row's other actions, away from the stepper.
 * Lines in the order (`ordered`) stand out from those at 0.
 */
export function ProductLine({
  inputId,
  name,
  unit,
  ordered,
  details,
  menu,
  control,
  error,
  choices = [],
  choicesLabel,
  place = {},
}: {
  inputId: string;
  name: string;
  unit: string;
  ordered: boolean;
  /** What the line says of the product besides its name and unit: its usual amount, its price, a flagged change, its note. */
  details?: ReactNode;
  /** The row's menu (RowMenu), for those who may change the product. */
  menu?: ReactNode;
  control: ReactNode;
  error?: string | undefined;
  /** What may be tapped to put the error right (the nearest quantities the product is sold in), under it. */
  choices?: { label: string; onPick: () => void }[] | undefined;
  /** What the choices are, for assistive tech. */
  choicesLabel?: string;
  /** Where the row stands in a long list (LongList). */
  place?: RowPlace;
}) {
  return (
    <li {...rowPlaceProps(place)} className={`order-line ${ordered ? 'order-line--ordered' : ''}`}>
      <div className="order-line__text">
        <label htmlFor={inputId} className="order-line__name" title={name}>
          {name}
        </label>
        <div className="order-line__sub">
          {unit ? <span className="order-line__unit">{unit}</span> : null}
          {details}
        </div>
      </div>
      {control}
      {menu}
      {error ? (
        <p id={`${inputId}-error`} className="order-line__error" role="alert">
          {error}
        </p>
      ) : null}
      {error && choices.length > 0 ? (
        <fieldset className="order-line__choices">
          <legend className="visually-hidden">{choicesLabel}</legend>
          {choices.map((choice) => (
            <button key={choice.label} type="button" className="order-line__choice" onClick={choice.onPick}>
              {choice.label}
              <span className="visually-hidden"> {name}</span>
            </button>
          ))}
        </fieldset>
      ) : null}
    </li>
  );
}

/** Moves the focus to the quantity of the row `by` rows away in the same list, if there is one. */
function focusRow(from: HTMLInputElement, by: 1 | -1) {
  const fields = [...(from.closest('ul')?.querySelectorAll<HTMLInputElement>('.stepper__input') ?? [])];
  const next = fields[fields.indexOf(from) + by];
  if (next) {
    next.focus();
    next.scrollIntoView({ block: 'nearest' });
  }
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
  placeholder,
}: {
  id: string;
  value: string;
  /** What an empty field shows (a standing order's "0"). */
  placeholder?: string;
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
        placeholder={placeholder}
        onFocus={(e) => e.target.select()}
        onChange={(e) => onType(e.target.value)}
        onBlur={onLeave}
        onKeyDown={(e) => {
          // The keyboard (issue 32): + and − step the focused row, the arrows go to the row above or below.
          const step = { '+': 1, '-': -1, '−': -1 }[e.key] as 1 | -1 | undefined;
          if (step !== undefined) {
            e.preventDefault();
            onStep(step);
          } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            focusRow(e.currentTarget, e.key === 'ArrowDown' ? 1 : -1);
          }
        }}
      />
      <button type="button" className="stepper__button" aria-label={increaseLabel} onClick={() => onStep(1)}>
        <Icon name="plus" />
      </button>
    </div>
  );
}
