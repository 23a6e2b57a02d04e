import { useLocation, useParams } from 'wouter';
import { useDeleteProduct, useProduct } from '../../features/products/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function ProductDelete() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const params = useParams<{ supplierId: string; productId: string }>();
  const supplierId = Number(params.supplierId);
  const productId = Number(params.productId);
  const back = href('orders.order', { supplierId });
  const product = useProduct(productId);
  const ready = usePreload(product, 'product');
  const remove = useDeleteProduct(supplierId, {
    onSuccess() {
      toast.success(t('products.deleted'));
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
