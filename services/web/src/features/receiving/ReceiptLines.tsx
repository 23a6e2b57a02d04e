import type { TReceipt, TReceiptLine } from '@reorder/schemas';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { LongList, type RowPlace, rowPlaceProps } from '../../ui/LongList.tsx';
import { sameRowProps } from '../../ui/list-rows.ts';
import { lineDiffers } from '../orders/receipt-copy.ts';
import './receiving.css';

/**
 * The lines of a delivery: what should arrive and at what price, and once
 * checked what came ("Falta · Recibido 10"). While checking, each takes
 * "Differs", which opens the line. Memoized, as each row: opening a line's
 * sheet re-renders none of them, and a line changed re-renders its own row
 * (docs/performance.md, "The receipt and the bill at 200 lines").
 */
export const ReceiptLines = memo(function ReceiptLines({
  receipt,
  currency,
  onEdit,
}: {
  receipt: TReceipt;
  currency: string;
  onEdit?: ((line: TReceiptLine) => void) | undefined;
}) {
  const { t } = useTranslation();
  // From 100 lines on only those on screen are in the page (LongList), as the order screen's products.
  return (
    <LongList
      label={t('receiving.lines')}
      className="receipt-lines"
      items={receipt.lines}
      rowKey={(line) => line.productId}
      rowHeight={56}
      renderRow={(line, place) => <ReceiptLine line={line} currency={currency} onEdit={onEdit} place={place} />}
    />
  );
});

const ReceiptLine = memo(function ReceiptLine({
  line,
  currency,
  onEdit,
  place,
}: {
  line: TReceiptLine;
  currency: string;
  onEdit?: ((line: TReceiptLine) => void) | undefined;
  /** Where the line stands in a long delivery (LongList). */
  place: RowPlace;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as 'en' | 'es';
  const amount = (quantity: number, unit: string) => `${formatAmount(quantity, language)} ${unit}`;
  const differs = lineDiffers(line);
  const state = line.outcome === 'pending' ? '' : differs ? 'receipt-line--differs' : 'receipt-line--ok';
  return (
    <li {...rowPlaceProps(place)} className={`receipt-line ${state}`} data-testid="receipt-line">
      <div className="receipt-line__text">
        <span className="receipt-line__name">{line.name}</span>
        <span className="receipt-line__sub">
          {line.outcome === 'extra' ? null : t('receiving.expected', { quantity: amount(line.expected, line.unit) })}
          {line.expectedPrice !== null && line.outcome !== 'extra'
            ? ` ${t('receiving.expectedPrice', { price: formatMoney(line.expectedPrice, currency, language) })}`
            : ''}
        </span>
        {line.outcome !== 'pending' ? (
          <span className="receipt-line__sub">
            <span className="receipt-line__outcome">{t(`receiving.outcomes.${line.outcome}`)}</span>
            {line.received !== null ? ` · ${t('receiving.receivedLine', { quantity: amount(line.received, line.unit) })}` : ''}
            {line.chargedPrice !== null && line.chargedPrice !== line.expectedPrice
              ? ` · ${t('receiving.charged', { price: formatMoney(line.chargedPrice, currency, language) })}`
              : ''}
            {line.note ? ` · ${line.note}` : ''}
          </span>
        ) : null}
      </div>
      {onEdit ? (
        <Button variant="secondary" small onClick={() => onEdit(line)} aria-label={t('receiving.differsOf', { name: line.name })}>
          {t('receiving.differs')}
        </Button>
      ) : null}
    </li>
  );
}, sameRowProps);
