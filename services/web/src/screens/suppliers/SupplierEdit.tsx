import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { EMPTY_SUPPLIER, SupplierForm } from './SupplierForm.tsx';

export default function SupplierEdit() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const utils = trpc.useUtils();
  const supplier = trpc.suppliers.byId.useQuery({ id: Number(id) }, { retry: false });
  const ready = usePreload(supplier, 'supplier');
  const orderId = supplier.data?.orderId;
  const lastSent = trpc.orders.history.useQuery({ id: orderId ?? 0 }, { enabled: orderId !== undefined }).data?.[0];
  const update = trpc.suppliers.update.useMutation({
    async onSuccess() {
      toast.success(t('suppliers.updated'));
      await Promise.all([utils.suppliers.invalidate(), utils.orders.bySupplier.invalidate()]);
      navigate('/suppliers');
    },
    onError: () => toast.error(t('suppliers.updateError')),
  });

  return (
    <Screen route="suppliers.edit" title={t('suppliers.editTitle')} back="/suppliers">
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <SupplierForm
              initial={supplier.data ?? EMPTY_SUPPLIER}
              submitLabel={t('app.save')}
              busy={update.isPending}
              onSubmit={(values) => update.mutate({ id: Number(id), ...values })}
            />
          </Card>
          <p className="status-line">
            {lastSent ? t('orders.lastOrdered', { date: formatDateTime(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
          </p>
          <div className="button-row">
            <LinkButton href={`/orders/${id}/history`} variant="ghost">
              {t('orders.history')}
            </LinkButton>
            <LinkButton href={`/orders/${id}`} variant="secondary">
              {t('suppliers.openOrder')}
            </LinkButton>
            <LinkButton href={`/suppliers/${id}/delete`} variant="danger">
              {t('suppliers.deleteTitle')}
            </LinkButton>
          </div>
        </>
      )}
    </Screen>
  );
}
