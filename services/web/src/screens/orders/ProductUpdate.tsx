import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { ProductForm, type ProductFormValues, showServerIssues, useProductForm } from './ProductNew.tsx';

/** The form, mounted once the product is there so it starts from the saved values. */
function ProductUpdateForm({ productId, supplierId, initial }: { productId: number; supplierId: number; initial: ProductFormValues }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const form = useProductForm(initial);
  const update = trpc.products.update.useMutation({
    async onSuccess(product) {
      toast.success(t('products.updated'));
      utils.products.byId.setData({ id: productId }, product);
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId }), utils.products.list.invalidate()]);
      navigate(`/orders/${supplierId}`);
    },
    onError(error) {
      showServerIssues(form, error, t('validation.invalid'));
      toast.error(t('products.updateError'));
    },
  });
  return (
    <ProductForm
      form={form}
      submitLabel={t('app.save')}
      busy={update.isPending}
      onSubmit={(values) => update.mutate({ id: productId, ...values })}
    />
  );
}

export default function ProductUpdate() {
  const { t } = useTranslation();
  const params = useParams<{ supplierId: string; productId: string }>();
  const supplierId = Number(params.supplierId);
  const productId = Number(params.productId);
  const product = trpc.products.byId.useQuery({ id: productId }, { retry: false });
  const ready = usePreload(product, 'product');

  return (
    <Screen route="orders.productUpdate" title={t('products.editTitle')} back={`/orders/${supplierId}`}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <ProductUpdateForm
              productId={productId}
              supplierId={supplierId}
              initial={{ name: product.data?.name ?? '', unit: product.data?.unit ?? '' }}
            />
          </Card>
          <div className="button-row">
            <LinkButton href={`/orders/${supplierId}/products/${productId}/delete`} variant="danger">
              {t('products.deleteTitle')}
            </LinkButton>
          </div>
        </>
      )}
    </Screen>
  );
}
