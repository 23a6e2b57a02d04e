import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { Loading } from '../../app/lazy-screen.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useReorder } from './History.tsx';

/** One sent order as it was, with the button that puts it back into the current order. */
export default function SentOrder() {
  const { t, i18n } = useTranslation();
  const params = useParams<{ supplierId: string; sentOrderId: string }>();
  const supplierId = Number(params.supplierId);
  const supplier = trpc.suppliers.byId.useQuery({ id: supplierId }, { retry: false });
  const orderId = supplier.data?.orderId;
  const sent = trpc.orders.sent.useQuery(
    { id: orderId ?? 0, sentOrderId: Number(params.sentOrderId) },
    { enabled: orderId !== undefined, retry: false },
  );
  const supplierReady = usePreload(supplier, 'supplier');
  const sentReady = usePreload({ ...sent, isPending: sent.isPending && orderId !== undefined }, 'sent order');
  const ready = supplierReady && sentReady;
  const reorder = useReorder(supplierId);
  const date = sent.data ? formatDateTime(sent.data.sentAt, i18n.language) : '';

  return (
    <Screen
      route="orders.sentOrder"
      title={date ? t('orders.sentOrderTitle', { date }) : t('orders.history')}
      back={`/orders/${supplierId}/history`}
    >
      {!ready ? (
        <Loading />
      ) : sent.data ? (
        <Card>
          <p className="status-line">{t('orders.sentOn', { date, service: t(`suppliers.services.${sent.data.channel}`) })}</p>
          <pre className="order-text" data-testid="sent-order-text">
            {sent.data.text}
          </pre>
          <Button
            block
            onClick={() => sent.data && reorder.mutate({ id: sent.data.orderId, sentOrderId: sent.data.id })}
            busy={reorder.isPending}
          >
            {t('orders.reorder')}
          </Button>
        </Card>
      ) : null}
    </Screen>
  );
}
