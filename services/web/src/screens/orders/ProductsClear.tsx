import { useLocation } from 'wouter';
import { enqueue } from '../../features/orders/outbox-runtime.ts';
import { useSupplierOrder } from '../../features/orders/use-supplier-order.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/** Sets every quantity of the supplier's order to 0; the products stay (docs/decisions.md §3). */
export default function ProductsClear() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId: id, order, ready, back } = useSupplierOrder();

  return (
    <Screen route="orders.productsClear" title={t('products.clearTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('products.clearConfirm')}
          confirmLabel={t('products.clearButton')}
          cancelHref={back}
          busy={false}
          onConfirm={() => {
            // Without its order (a failed pre-load) there is nothing to clear.
            if (!order.data) {
              toast.error(t('products.clearError'));
              return;
            }
            // Through the one save path, after every change made before it (features/orders/changes.ts).
            void enqueue({ kind: 'clear', supplierId: id, orderId: order.data.id });
            toast.success(t('products.cleared'));
            navigate(back, { replace: true });
          }}
        />
      )}
    </Screen>
  );
}
