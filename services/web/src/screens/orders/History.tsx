import type { TSentOrder } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { Button } from '../../ui/Button.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Re-orders a sent order and opens the current order for review. */
export function useReorder(supplierId: number) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  return trpc.orders.reorder.useMutation({
    onSuccess(order) {
      utils.orders.bySupplier.setData({ supplierId }, order);
      toast.success(t('orders.reordered'));
      // The order opens with its Send button in view and focused: the second tap.
      navigate(`/orders/${supplierId}`, { state: { focusSend: true } });
    },
    onError: () => toast.error(t('orders.reorderError')),
  });
}

/** Orders sent to one supplier, newest first; each can be opened or re-ordered in one tap. */
export default function History() {
  const { t, i18n } = useTranslation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const supplier = trpc.suppliers.byId.useQuery({ id }, { retry: false });
  const orderId = supplier.data?.orderId;
  const history = trpc.orders.history.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== undefined, retry: false });
  const supplierReady = usePreload(supplier, 'supplier');
  const historyReady = usePreload({ ...history, isPending: history.isPending && orderId !== undefined }, 'history');
  const reorder = useReorder(id);
  const name = supplier.data?.name ?? '';
  const service = (s: TSentOrder) => t(`suppliers.services.${s.channel}`);

  return (
    <Screen route="orders.history" title={t('orders.historyTitle', { name })} back={`/orders/${id}`}>
      {!supplierReady || !historyReady ? (
        <Loading />
      ) : !history.data?.length ? (
        <p className="empty">{t('orders.noHistory')}</p>
      ) : (
        <ul className="list" aria-label={t('orders.history')}>
          {history.data.map((sent) => {
            const date = formatDateTime(sent.sentAt, i18n.language);
            return (
              <li key={sent.id} className="list__item">
                <Link href={`/orders/${id}/history/${sent.id}`} className="list__link">
                  <span className="list__title">{t('orders.sentOn', { date, service: service(sent) })}</span>
                  <span className="list__meta">
                    {t('orders.lines', { count: sent.lines.length })} · {sent.lines.map((l) => l.name).join(', ')}
                  </span>
                </Link>
                <Button
                  small
                  variant="secondary"
                  aria-label={t('orders.reorderLabel', { date })}
                  busy={reorder.isPending && reorder.variables?.sentOrderId === sent.id}
                  onClick={() => reorder.mutate({ id: sent.orderId, sentOrderId: sent.id })}
                >
                  {t('orders.reorder')}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </Screen>
  );
}
