import type { TReceipt, TReceiptLine } from '@reorder/schemas';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { lineDiffers } from './receipt-copy.ts';
import './receiving.css';

/**
 * The lines of a delivery: what should arrive and at what price, and once
 * checked what came ("Falta · Recibido 10"). While checking, each takes
 * "Differs", which opens the line.
 */
export function ReceiptLines({
  receipt,
  currency,
  onEdit,
}: {
  receipt: TReceipt;
  currency: string;
  onEdit?: ((line: TReceiptLine) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language as 'en' | 'es';
  const amount = (quantity: number, unit: string) => `${formatAmount(quantity, language)} ${unit}`;
  return (
    <ul className="receipt-lines" aria-label={t('receiving.lines')}>
      {receipt.lines.map((line) => {
        const differs = lineDiffers(line);
        const state = line.outcome === 'pending' ? '' : differs ? 'receipt-line--differs' : 'receipt-line--ok';
        return (
          <li key={line.productId} className={`receipt-line ${state}`} data-testid="receipt-line">
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
      })}
    </ul>
  );
}
