import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Sets every quantity of the supplier's order to 0; the products stay (DECISIONS §3). */
export default function ProductsClear() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const back = `/orders/${id}`;
  const utils = trpc.useUtils();
  const order = trpc.orders.bySupplier.useQuery({ supplierId: id }, { retry: false });
  const ready = usePreload(order, 'order');
  const clear = trpc.products.clear.useMutation({
    async onSuccess() {
      toast.success(t('products.cleared'));
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId: id }), utils.products.invalidate()]);
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
