import { useMemo } from 'react';
import { useReceipts } from '../../features/receiving/api.ts';
import { ReceiptsList, ReceiptsTable, receiptRows } from '../../features/receiving/ReceiptsTable.tsx';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** The deliveries checked (docs/decisions.md §9.4): a table on a desktop, a list on a phone; each opens its check. */
export default function Receipts() {
  const { t } = useTranslation();
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const receipts = useReceipts();
  const suppliers = useSuppliers('');
  const ready = usePreload(receipts, 'receipts');
  const rows = useMemo(
    () => receiptRows(receipts.data ?? [], new Map((suppliers.data ?? []).map((s) => [s.id, s.name]))),
    [receipts.data, suppliers.data],
  );
  return (
    <Screen route="orders.receipts" title={t('receiving.receiptsTitle')} back={href('orders')} wide={desktop}>
      {!ready ? (
        <Loading />
      ) : rows.length === 0 ? (
        <Empty>{t('receiving.noReceipts')}</Empty>
      ) : desktop ? (
        <Card>
          <ReceiptsTable rows={rows} />
        </Card>
      ) : (
        <ReceiptsList rows={rows} />
      )}
    </Screen>
  );
}
