import { useParams } from 'wouter';
import { useActiveBusiness } from '../../features/businesses/api.ts';
import { useOrder, useSentOrder } from '../../features/orders/api.ts';
import { useReceipt } from '../../features/receiving/api.ts';
import { ReceiptCheck } from '../../features/receiving/ReceiptCheck.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { Loading } from '../../ui/Loading.tsx';
import { Empty } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/**
 * "The order has arrived" (docs/decisions.md §9.4): the delivery of a sent
 * order checked line by line, offline too, from the orders list or the
 * history. "All good" closes it in one tap.
 */
export default function Receipt() {
  const { t, i18n } = useTranslation();
  const params = useParams<{ supplierId: string; sentOrderId: string }>();
  const supplierId = Number(params.supplierId);
  const sentOrderId = Number(params.sentOrderId);
  const { supplier, sent } = useSentOrder(supplierId, sentOrderId);
  const supplierReady = usePreload(supplier, 'supplier');
  const sentReady = usePreload(sent, 'sent order');
  const ready = supplierReady && sentReady;
  const order = useOrder(supplierId);
  const receipt = useReceipt(sentOrderId);
  const currency = useActiveBusiness()?.currency ?? sent.data?.currency ?? 'EUR';
  const name = supplier.data?.name ?? '';

  return (
    <Screen
      route="orders.receipt"
      title={name ? `${t('receiving.title')} · ${name}` : t('receiving.title')}
      back={href('orders.order', { supplierId })}
    >
      {!ready ? (
        <Loading />
      ) : !sent.data ? (
        <Empty role="status">{sent.isError ? t('receiving.noSent') : t('receiving.notOffline')}</Empty>
      ) : (
        <ReceiptCheck
          sent={sent.data}
          receipt={receipt.data}
          products={order.data?.products ?? []}
          currency={currency}
          sentOn={formatDateTime(sent.data.sentAt, i18n.language)}
        />
      )}
    </Screen>
  );
}
