import { useLocation } from 'wouter';
import { useSupplierOrder } from '../../features/orders/use-supplier-order.ts';
import { useCreateProduct, useUnitSuggestions } from '../../features/products/api.ts';
import { EMPTY_PRODUCT, ProductForm, showServerIssues, useProductForm } from '../../features/products/ProductForm.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function ProductNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId: id, order, ready, back } = useSupplierOrder();
  const form = useProductForm(EMPTY_PRODUCT);
  const units = useUnitSuggestions();
  const create = useCreateProduct(id, {
    onSuccess() {
      toast.success(t('products.saved'));
      navigate(back);
    },
    onError(error) {
      showServerIssues(form, error, t('validation.invalid'));
      toast.error(t('products.createError'));
    },
  });

  return (
    <Screen route="orders.productNew" title={t('products.newTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <Card>
          <ProductForm
            form={form}
            submitLabel={t('products.create')}
            busy={create.isPending}
            units={units}
            onSubmit={(values) => {
              // Without its order (a failed pre-load) the product has nowhere to go.
              if (order.data) create.mutate({ ...values, orderId: order.data.id });
              else toast.error(t('products.createError'));
            }}
          />
        </Card>
      )}
    </Screen>
  );
}
