import { formatAmount, formatMoney } from '@reorder/schemas/order-text';
import { percentChange } from '@reorder/schemas/quantities';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useActiveBusiness } from '../../features/businesses/api.ts';
import { useDownloadSentLines, useSpend } from '../../features/spend/api.ts';
import { BilledBeside } from '../../features/spend/BilledBeside.tsx';
import { axisMoney, bySupplier, cellAmount, monthLabels } from '../../features/spend/months.ts';
import { SpendTable } from '../../features/spend/SpendTable.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';
import '../../ui/Spend.css';

// chart.js comes with this screen's chart only: no other screen's JavaScript carries it.
const SpendChart = lazy(() => import('../../features/spend/SpendChart.tsx'));

/** A day as the date fields and the API write it, in the device's time. */
const isoDay = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * Spend (docs/decisions.md §8.4): this month against the last, the last 12
 * months by supplier in a chart (with its table), the month's top 10
 * products, and the accountant's CSV of sent lines for any range.
 */
export default function Spend() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  const today = new Date();
  const monthStart = isoDay(new Date(today.getFullYear(), today.getMonth(), 1));
  const year = useSpend({ groupBy: 'month' });
  const products = useSpend({ from: monthStart, to: isoDay(today), groupBy: 'product' });
  // Stable while the language and currency are: the chart is drawn again only when they or the figures change.
  const money = useCallback((amount: number) => formatMoney(amount, currency, i18n.language), [currency, i18n.language]);
  const cell = useCallback((amount: number) => cellAmount(amount, currency, i18n.language), [currency, i18n.language]);
  const axis = useCallback((amount: number) => axisMoney(amount, currency, i18n.language), [currency, i18n.language]);
  const download = useDownloadSentLines();
  const [range, setRange] = useState(() => ({
    from: isoDay(new Date(today.getFullYear(), today.getMonth() - 1, 1)),
    to: isoDay(new Date(today.getFullYear(), today.getMonth(), 0)),
  }));
  const [downloading, setDownloading] = useState(false);

  const months = useMemo(() => year.data?.groups ?? [], [year.data]);
  const labels = useMemo(
    () =>
      monthLabels(
        months.map((group) => group.key),
        i18n.language,
      ),
    [months, i18n.language],
  );
  const suppliers = useMemo(() => bySupplier(months), [months]);
  const [last, current] = months.slice(-2);
  const change = last && current && last.total > 0 ? percentChange(last.total, current.total) : undefined;
  const top = (products.data?.groups ?? []).filter((group) => group.total > 0).slice(0, 10);
  const rangeOk = range.from !== '' && range.to !== '' && range.from <= range.to;

  return (
    <Screen route="spend" title={t('spend.title')} split wide>
      <div className="spend-layout">
        {year.isPending ? (
          <Loading />
        ) : !year.data ? (
          <Empty role="status">{t('spend.error')}</Empty>
        ) : (
          <>
            <Card title={t('spend.thisMonth')}>
              <p className="spend-now">
                <strong className="spend-now__total">{money(current?.total ?? 0)}</strong>
                <span>
                  {t('spend.lastMonth', { amount: money(last?.total ?? 0) })}
                  {change === undefined ? null : (
                    <span className={change > 0 ? 'spend-now__up' : 'spend-now__down'}>
                      {' '}
                      ({change > 0 ? '+' : '−'}
                      {formatAmount(Math.abs(change), i18n.language)} %)
                    </span>
                  )}
                </span>
              </p>
              <Hint>{t('spend.ordersThisMonth', { count: current?.orders ?? 0 })}</Hint>
              {products.data && products.data.credits > 0 ? (
                <p data-testid="spend-credits">
                  {t('claims.credits', { amount: money(products.data.credits) })} ·{' '}
                  <strong>{t('claims.net', { amount: money(products.data.net) })}</strong>
                </p>
              ) : null}
              {products.data ? (
                <BilledBeside sent={products.data.sent} billed={products.data.billed} money={money} label={t('spendBilled.thisMonth')} />
              ) : null}
              {year.data.unpricedLines > 0 ? <Hint>{t('spend.unpriced', { count: year.data.unpricedLines })}</Hint> : null}
            </Card>
            <Card title={t('spend.byMonth')} className="spend-layout__wide">
              {year.data.total === 0 ? (
                <Empty role="status">{t('spend.nothingYet')}</Empty>
              ) : (
                <Suspense fallback={<Loading />}>
                  <SpendChart groups={months} labels={labels} money={money} axis={axis} label={t('spend.chartLabel')} />
                </Suspense>
              )}
            </Card>
            {year.data.total === 0 ? null : (
              <Card title={t('spend.bySupplier')} className="spend-layout__wide">
                <Hint>{t('spend.inCurrency', { currency })}</Hint>
                {year.data.credits > 0 ? (
                  <Hint data-testid="spend-year-net">
                    {t('claims.yearNet', { total: money(year.data.total), credits: money(year.data.credits), net: money(year.data.net) })}
                  </Hint>
                ) : null}
                <BilledBeside sent={year.data.sent} billed={year.data.billed} money={money} label={t('spendBilled.lastYear')} />
                <SpendTable
                  rows={suppliers}
                  texts={{
                    supplier: t('spend.supplier'),
                    total: t('spend.sum'),
                    caption: t('spend.bySupplier'),
                    months: labels,
                    money: cell,
                  }}
                />
              </Card>
            )}
            <Card title={t('spend.topProducts')}>
              {top.length === 0 ? (
                <Empty role="status">{t('spend.noProducts')}</Empty>
              ) : (
                <ol className="spend-top">
                  {top.map((group) => (
                    <li key={group.key}>
                      <span className="spend-top__row">
                        <span className="spend-top__name">{group.label}</span>
                        <span className="spend-top__total">{money(group.total)}</span>
                      </span>
                    </li>
                  ))}
                </ol>
              )}
            </Card>
          </>
        )}
        <Card title={t('spend.forAccountant')}>
          <Hint>{t('spend.csvHint')}</Hint>
          <div className="spend-range">
            {(['from', 'to'] as const).map((end) => (
              <TextField
                key={end}
                id={`spend-${end}`}
                name={end}
                type="date"
                label={t(`spend.${end}`)}
                value={range[end]}
                error={end === 'to' && range.from && range.to && range.from > range.to ? t('spend.rangeBackwards') : undefined}
                onChange={(event) => setRange((r) => ({ ...r, [end]: event.target.value }))}
              />
            ))}
          </div>
          <Button
            variant="secondary"
            busy={downloading}
            disabled={!rangeOk}
            onClick={async () => {
              setDownloading(true);
              try {
                await download(range);
              } catch {
                toast.error(t('spend.csvError'));
              } finally {
                setDownloading(false);
              }
            }}
          >
            {t('spend.downloadCsv')}
          </Button>
        </Card>
      </div>
    </Screen>
  );
}
