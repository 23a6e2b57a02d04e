import { readTypedQuantity } from '@reorder/schemas/quantities';
import { type KeyboardEvent, useRef, useState } from 'react';
import { amountText } from '../../lib/amount.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { type RowPlace, rowPlaceProps } from '../../ui/LongList.tsx';
import { Badge } from '../../ui/layout.tsx';
import type { OrderProduct } from './order-drafts.ts';
import { quantityIssueText, type TFieldIssue } from './quantity-issue.ts';
import './CountLine.css';

/**
 * What an amount field holds: blank is "none" (null), else a quantity ("2,5"
 * is 2.5) the server takes for a count or a par (the quantities' rule, no
 * step: docs/decisions.md §9.1), else what is wrong with it.
 */
function parseAmount(text: string): { value: number | null } | { issue: TFieldIssue } {
  const read = readTypedQuantity(text, null);
  if ('blank' in read) return { value: null };
  return 'issue' in read ? { issue: read.issue } : { value: read.quantity };
}

/** Focuses the next product's count, or "Fill to par" after the last one: counting goes down the list with Enter. */
function focusNextCount(from: HTMLElement) {
  const fields = [...document.querySelectorAll<HTMLInputElement>('[data-count-field]')];
  const next = fields[fields.indexOf(from as HTMLInputElement) + 1];
  if (next) {
    next.focus();
    next.scrollIntoView({ block: 'center' });
  } else document.getElementById('fill-to-par')?.focus();
}

/** A number (its caption heads the column: CountMode); the count's (`counting`) is where Enter moves down the list. */
function AmountField(props: {
  id: string;
  label: string;
  value: string;
  counting?: boolean;
  /** Shown, not editable (a par, for staff: docs/decisions.md §8.2). */
  readOnly?: boolean;
  errorId: string | undefined;
  onChange: (text: string) => void;
  onBlur: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
}) {
  return (
    <input
      id={props.id}
      data-count-field={props.counting ? '' : undefined}
      className="input count-line__input"
      type="text"
      inputMode="decimal"
      enterKeyHint="next"
      autoComplete="off"
      aria-label={props.label}
      aria-invalid={props.errorId ? true : undefined}
      aria-describedby={props.errorId}
      value={props.value}
      readOnly={props.readOnly}
      onFocus={(event) => event.target.select()}
      onChange={(event) => props.onChange(event.target.value)}
      onBlur={props.onBlur}
      onKeyDown={props.onKeyDown}
    />
  );
}

/**
 * A product in Count mode (docs/decisions.md §6.1): the count, ready to type
 * with the number pad, and its par beside it. Each is saved when the field is
 * left or on Enter, which also moves to the next product's count. Products
 * without a par or a count are marked: "Fill to par" leaves them alone.
 */
export function CountLine({
  product,
  onCount,
  onPar,
  place = {},
}: {
  product: OrderProduct;
  onCount: (product: OrderProduct, onHand: number | null) => void;
  /** Saves a par; without it the par is shown, not editable (staff set none: docs/decisions.md §8.2). */
  onPar?: (product: OrderProduct, par: number | null) => void;
  /** Where the row stands in a long list (LongList). */
  place?: RowPlace;
}) {
  const translation = useTranslation();
  const { t, i18n } = translation;
  // With the language's decimal mark ("2,5" in Spanish), as typed.
  const [count, setCount] = useState(() => amountText(product.onHand, i18n.language));
  const [par, setPar] = useState(() => amountText(product.par, i18n.language));
  const [error, setError] = useState<string | undefined>();
  // What each field last sent: Enter saves and moves on, and the blur that follows must not send it again.
  const sent = useRef<{ count?: number | null; par?: number | null }>({});
  const countId = `count-${product.productId}`;
  const parId = `par-${product.productId}`;

  const save = (which: 'count' | 'par') => {
    const text = which === 'count' ? count : par;
    const saved = which === 'count' ? product.onHand : product.par;
    const read = parseAmount(text);
    if ('issue' in read) {
      setError(quantityIssueText(translation, read.issue, product.name));
      return;
    }
    const { value } = read;
    setError(undefined);
    if (value === (which in sent.current ? sent.current[which] : saved)) return;
    sent.current[which] = value;
    // A refusal (the product was deleted meanwhile) is told by a toast, like every change's (refusal-text.ts).
    if (which === 'count') onCount(product, value);
    else onPar?.(product, value);
  };
  const onEnter = (which: 'count' | 'par') => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    save(which);
    if (which === 'count') focusNextCount(event.currentTarget);
    else document.getElementById(countId)?.focus();
  };
  const field = (which: 'count' | 'par') => ({
    errorId: error ? `${countId}-error` : undefined,
    onBlur: () => save(which),
    onKeyDown: onEnter(which),
  });

  return (
    <li {...rowPlaceProps(place)} className="order-line count-line">
      <div className="order-line__text">
        <label htmlFor={countId} className="order-line__name" title={product.name}>
          {product.name}
        </label>
        <div className="order-line__sub count-line__marks">
          <span className="order-line__unit">{product.unit}</span>
          {product.par === null ? <Badge>{t('orders.noPar')}</Badge> : null}
          {product.onHand === null ? <Badge>{t('orders.notCounted')}</Badge> : null}
          {product.par !== null && product.onHand !== null && product.countedBy ? (
            <span>{t('orders.countedBy', { name: product.countedBy.fullName })}</span>
          ) : null}
        </div>
      </div>
      <div className="count-line__fields">
        <AmountField
          id={countId}
          label={t('orders.countOf', { name: product.name })}
          value={count}
          onChange={setCount}
          counting
          {...field('count')}
        />
        <AmountField
          id={parId}
          label={t('orders.parOf', { name: product.name })}
          value={par}
          onChange={setPar}
          readOnly={onPar === undefined}
          {...field('par')}
        />
      </div>
      {error ? (
        <p id={`${countId}-error`} className="order-line__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}
