import { BILL_STATUSES, type TBillStatus } from '@reorder/schemas';
import { useMemo, useState } from 'react';
import { useBills } from '../../features/bills/api.ts';
import { type BillRow, BillsPhoneList, BillsTable } from '../../features/bills/BillsTable.tsx';
import { ExportCard } from '../../features/bills/ExportCard.tsx';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Chips } from '../../ui/Chips.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Hint } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import '../../features/bills/bills.css';

/**
 * The suppliers' bills (docs/decisions.md §9.6), for owners and managers: a
 * table with the flags on a desktop, a list on a phone, in one state or all
 * (`GET /bills?status=`); a new bill; and the accountant's export.
 */
export default function BillsList() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const [status, setStatus] = useState<TBillStatus | undefined>();
  const bills = useBills(status);
  const suppliers = useSuppliers('');
  const rows = useMemo<BillRow[]>(() => {
    const names = new Map((suppliers.data ?? []).map((s) => [s.id, s.name]));
    return (bills.data ?? []).map((bill) => ({ ...bill, supplierName: names.get(bill.supplierId) ?? '' }));
  }, [bills.data, suppliers.data]);
  const labels = [t('bills.all'), ...BILL_STATUSES.map((s) => t(`bills.statuses.${s}`))];
  const current = status ? t(`bills.statuses.${status}`) : t('bills.all');

  return (
    <Screen
      route="bills"
      title={t('bills.title')}
      wide={desktop}
      actions={
        <LinkButton href={href('bills.new')} small>
          {t('bills.newBill')}
        </LinkButton>
      }
    >
      <div className="bills-layout">
        <Card className="bills-layout__main">
          <Hint>{t('bills.intro')}</Hint>
          <Chips
            label={t('bills.filterLabel')}
            options={labels}
            value={current}
            onPick={(label) => {
              const index = labels.indexOf(label);
              setStatus(index <= 0 ? undefined : BILL_STATUSES[index - 1]);
            }}
          />
          {bills.isPending ? (
            <Loading />
          ) : bills.isError ? (
            <Empty role="status">{t('bills.error')}</Empty>
          ) : rows.length === 0 ? (
            <Empty role="status">{status ? t('bills.noneWith') : t('bills.none')}</Empty>
          ) : desktop ? (
            <BillsTable bills={rows} />
          ) : (
            <BillsPhoneList bills={rows} />
          )}
        </Card>
        <ExportCard />
      </div>
    </Screen>
  );
}
