import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { usePreload } from '../../app/use-preload.ts';
import { useClearOrder, useOrder } from '../../features/orders/api.ts';
import { href } from '../../lib/paths.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Sets every quantity of the supplier's order to 0; the products stay (docs/decisions.md §3). */
export default function ProductsClear() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const back = href('orders.order', { supplierId: id });
  const order = useOrder(id);
  const ready = usePreload(order, 'order');
  const clear = useClearOrder(id, {
    onSuccess() {
      toast.success(t('products.cleared'));
      navigate(back, { replace: true });
    },
    onError: () => toast.error(t('products.clearError')),
  });

  return (
    <Screen route="orders.productsClear" title={t('products.clearTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('products.clearConfirm')}
          confirmLabel={t('products.clearButton')}
          cancelHref={back}
          busy={clear.isPending}
          onConfirm={() => {
            // Without its order (a failed pre-load) there is nothing to clear.
            if (order.data) clear.mutate({ orderId: order.data.id });
            else toast.error(t('products.clearError'));
          }}
        />
      )}
    </Screen>
  );
}
