import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Screen } from '../../ui/Screen.tsx';

export default function ProductDelete() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ supplierId: string; productId: string }>();
  const supplierId = Number(params.supplierId);
  const productId = Number(params.productId);
  const back = `/orders/${supplierId}`;
  const utils = trpc.useUtils();
  const product = trpc.products.byId.useQuery({ id: productId }, { retry: false });
  const ready = usePreload(product, 'product');
  const remove = trpc.products.delete.useMutation({
    async onSuccess() {
      toast.success(t('products.deleted'));
      // The deleted product is marked stale but not fetched again: this screen still shows it until it closes.
      await Promise.all([
        utils.orders.bySupplier.invalidate({ supplierId }),
        utils.products.invalidate(undefined, { refetchType: 'none' }),
      ]);
      navigate(back, { replace: true });
    },
    onError: () => toast.error(t('products.deleteError')),
  });

  return (
    <Screen route="orders.productDelete" title={t('products.deleteTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('products.deleteConfirm', { name: product.data?.name ?? `#${productId}` })}
          confirmLabel={t('app.delete')}
          cancelHref={back}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: productId })}
        />
      )}
    </Screen>
  );
}
