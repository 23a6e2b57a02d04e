import type { TBill } from '@reorder/schemas';
import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { memo } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { Empty, Hint } from '../../ui/layout.tsx';
import { flagText } from './match.ts';
import './bills.css';

/** The bill's totals as saved (docs/decisions.md §9.6): base and tax per rate, then the base, tax and total, to the cent. */
export const BillTotals = memo(function BillTotals({ bill }: { bill: TBill }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, bill.currency, i18n.language);
  return (
    <Card title={t('bills.totals')}>
      <table className="bill-totals" aria-label={t('bills.totals')}>
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t('bills.taxRate')}</span>
            </th>
            <th scope="col">{t('bills.base')}</th>
            <th scope="col">{t('bills.tax')}</th>
          </tr>
        </thead>
        <tbody>
          {bill.totals.byRate.map((rate) => (
            <tr key={rate.rate}>
              <th scope="row">{t('bills.atRate', { rate: formatAmount(rate.rate, i18n.language) })}</th>
              <td>{money(rate.base)}</td>
              <td>{money(rate.tax)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('bills.totals')}</th>
            <td>{money(bill.totals.base)}</td>
            <td>{money(bill.totals.tax)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="bill-total">
        <span>{t('bills.grandTotal')}</span>
        <strong data-testid="bill-total">{money(bill.totals.total)}</strong>
      </p>
    </Card>
  );
});

/**
 * The bill against its sent orders (docs/decisions.md §9.6): per product what
 * was ordered, received and billed, the confirmed and billed prices, and the
 * flag in words; then how far the bill is from what should be paid.
 */
export const BillMatch = memo(function BillMatch({ bill, names }: { bill: TBill; names: Map<number, string> }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => formatMoney(amount, bill.currency, i18n.language);
  const quantity = (value: number | null) => (value === null ? '—' : formatAmount(value, i18n.language));
  const price = (value: number | null) => (value === null ? '—' : money(value));
  if (!bill.match) {
    return (
      <Card title={t('bills.match')}>
        <Empty>{t('bills.matchNone')}</Empty>
      </Card>
    );
  }
  const { difference } = bill.match;
  // The match's lines of no product follow the bill's own lines of no product, in turn.
  const loose = bill.lines.filter((line) => line.productId === null);
  let next = 0;
  return (
    <Card title={t('bills.match')} className="bills-wide">
      <Hint>{t('bills.matchHint')}</Hint>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls sideways takes the keyboard's arrows (axe: scrollable-region-focusable). */}
      <section className="bill-match__scroll" tabIndex={0} aria-label={t('bills.matchLabel')}>
        <table className="bill-match">
          <thead>
            <tr>
              <th scope="col">{t('bills.product')}</th>
              <th scope="col">{t('bills.ordered')}</th>
              <th scope="col">{t('bills.received')}</th>
              <th scope="col">{t('bills.billed')}</th>
              <th scope="col">{t('bills.expectedPrice')}</th>
              <th scope="col">{t('bills.billedPrice')}</th>
              <th scope="col">{t('bills.flagsColumn')}</th>
            </tr>
          </thead>
          <tbody>
            {bill.match.lines.map((line, index) => {
              const flag = flagText(line);
              const name =
                line.productId === null
                  ? (loose[next++]?.description ?? '')
                  : (names.get(line.productId) ?? bill.lines.find((l) => l.productId === line.productId)?.description ?? '');
              return (
                <tr key={`${line.productId ?? 'own'}-${index}`} className={flag ? 'bill-match__flagged' : undefined}>
                  <th scope="row">{name}</th>
                  <td>{quantity(line.ordered)}</td>
                  <td>{quantity(line.received)}</td>
                  <td>{quantity(line.billed)}</td>
                  <td>{price(line.expectedPrice)}</td>
                  <td>{price(line.billedPrice)}</td>
                  <td>{flag ? <span className="bills-flag">{t(`bills.flags.${flag}`)}</span> : '✓'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <p className={`bill-difference ${difference > 0 ? 'bill-difference--over' : ''}`} role="status">
        {Math.abs(difference) < 0.005
          ? t('bills.differenceNone')
          : difference > 0
            ? t('bills.difference', { amount: money(difference) })
            : t('bills.differenceBelow', { amount: money(-difference) })}
      </p>
    </Card>
  );
});
