import { useLocation } from 'wouter';
import { useTranslation } from '../../app/i18n.ts';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { useClearOrder } from '../../features/orders/api.ts';
import { useSupplierOrder } from '../../features/orders/use-supplier-order.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Sets every quantity of the supplier's order to 0; the products stay (docs/decisions.md §3). */
export default function ProductsClear() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId: id, order, ready, back } = useSupplierOrder();
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
