import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { usePreload } from '../../app/use-preload.ts';
import { useOrder } from '../../features/orders/api.ts';
import { useCreateProduct } from '../../features/products/api.ts';
import { ProductForm, showServerIssues, useProductForm } from '../../features/products/ProductForm.tsx';
import { href } from '../../lib/paths.ts';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';

export default function ProductNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const back = href('orders.order', { supplierId: id });
  const order = useOrder(id);
  const ready = usePreload(order, 'order');
  const form = useProductForm({ name: '', unit: '' });
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
