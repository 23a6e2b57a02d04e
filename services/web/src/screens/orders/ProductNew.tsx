import { LIMITS, type TCreateProductInput, ZCreateProductInput } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { apiErrorInfo, trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { useForm } from '../../forms/use-form.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/fields.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** The product fields with the server's rules; the order comes from the route, not the form. */
const ZProductFields = ZCreateProductInput.omit({ orderId: true });

export type ProductFormValues = { name: string; unit: string };

/** A product form's state; the screen keeps it so it can show the server's per-field issues. */
export function useProductForm(initial: ProductFormValues) {
  return useForm(ZProductFields, initial);
}

/** Shows the server's per-field issues on their fields, worded in the user's language. */
export function showServerIssues(form: ReturnType<typeof useProductForm>, error: unknown, message: string) {
  form.setIssues(apiErrorInfo(error).issues, () => message);
}

/** The product fields: name and unit (for example Kg), both required. */
export function ProductForm({
  form,
  submitLabel,
  busy,
  onSubmit,
}: {
  form: ReturnType<typeof useProductForm>;
  submitLabel: string;
  busy: boolean;
  onSubmit: (values: Omit<TCreateProductInput, 'orderId'>) => void;
}) {
  const { t } = useTranslation();
  return (
    <form className="form" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <p className="form__hint">{t('app.requiredHint')}</p>
      <TextField {...form.field('name')} label={t('products.name')} maxLength={LIMITS.nameMax} autoComplete="off" required />
      <TextField
        {...form.field('unit')}
        label={t('products.unit')}
        placeholder={t('products.unitPlaceholder')}
        maxLength={LIMITS.unitMax}
        autoComplete="off"
        required
      />
      <Button type="submit" block busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}

export default function ProductNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const back = `/orders/${id}`;
  const utils = trpc.useUtils();
  const order = trpc.orders.bySupplier.useQuery({ supplierId: id }, { retry: false });
  const ready = usePreload(order, 'order');
  const form = useProductForm({ name: '', unit: '' });
  const create = trpc.products.create.useMutation({
    async onSuccess() {
      toast.success(t('products.saved'));
      await Promise.all([utils.orders.bySupplier.invalidate({ supplierId: id }), utils.products.invalidate()]);
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
