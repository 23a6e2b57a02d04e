import { formatMoney } from '@reorder/schemas/order-text';
import { formatShortDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { Hint } from '../../ui/layout.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { usePriceHistory } from './api.ts';
import '../../ui/Spend.css';

/**
 * A product's price history (docs/decisions.md §8.4): each price it has had,
 * newest first, when, and whether the owner set it or the supplier confirmed
 * it. Nothing until it has had a price.
 */
export function PriceHistory({ productId }: { productId: number }) {
  const { t, i18n } = useTranslation();
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const prices = usePriceHistory(productId);
  const rows = prices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card title={t('products.priceHistory')}>
      <table className="spend-table" data-testid="price-history">
        <thead>
          <tr>
            <th scope="col">{t('products.priceDate')}</th>
            <th scope="col">{t('products.priceSource')}</th>
            <th scope="col">{t('products.price')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, 12).map((row) => (
            <tr key={`${row.at}-${row.price}`}>
              <th scope="row">{formatShortDate(row.at, i18n.language)}</th>
              <td>{t(`products.priceFrom.${row.source}`)}</td>
              <td>{formatMoney(row.price, currency, i18n.language)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > 12 ? <Hint>{t('products.priceHistoryMore', { count: rows.length - 12 })}</Hint> : null}
    </Card>
  );
}
