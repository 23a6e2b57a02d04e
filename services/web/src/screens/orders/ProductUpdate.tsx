import { useLocation, useParams, useSearch } from 'wouter';
import { useProduct, useUnitSuggestions, useUpdateProduct } from '../../features/products/api.ts';
import { PriceHistory } from '../../features/products/PriceHistory.tsx';
import {
  ProductForm,
  type ProductFormValues,
  productFormValues,
  showServerIssues,
  useProductForm,
} from '../../features/products/ProductForm.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { returnPath } from '../../lib/redirect.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/** The form, mounted once the product is there so it starts from the saved values. */
function ProductUpdateForm({
  productId,
  back,
  supplierId,
  initial,
}: {
  productId: number;
  back: string;
  supplierId: number;
  initial: ProductFormValues;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const form = useProductForm(initial);
  const units = useUnitSuggestions();
  const update = useUpdateProduct(supplierId, {
    onSuccess() {
      toast.success(t('products.updated'));
      navigate(back);
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
      units={units}
      onSubmit={(values) => update.mutate({ id: productId, ...values })}
    />
  );
}

export default function ProductUpdate() {
  const { t, i18n } = useTranslation();
  const params = useParams<{ supplierId: string; productId: string }>();
  const supplierId = Number(params.supplierId);
  const productId = Number(params.productId);
  const product = useProduct(productId);
  const ready = usePreload(product, 'product', { fresh: true });
  // Back where it was opened from (`?from=`, issue 45), else the supplier's order.
  const back = returnPath(useSearch(), href('orders.order', { supplierId: supplierId }));

  return (
    <Screen route="orders.productUpdate" title={t('products.editTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <ProductUpdateForm
              productId={productId}
              back={back}
              supplierId={supplierId}
              initial={productFormValues(product.data, i18n.language)}
            />
          </Card>
          <PriceHistory productId={productId} />
          <ButtonRow>
            <LinkButton href={href('orders.productDelete', { supplierId: supplierId, productId: productId })} variant="danger">
              {t('products.deleteTitle')}
            </LinkButton>
          </ButtonRow>
        </>
      )}
    </Screen>
  );
}
