import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { usePreload } from '../../app/use-preload.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Screen } from '../../ui/Screen.tsx';

export default function SupplierDelete() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  const utils = trpc.useUtils();
  const supplier = trpc.suppliers.byId.useQuery({ id: Number(id) }, { retry: false });
  const ready = usePreload(supplier, 'supplier');
  const remove = trpc.suppliers.delete.useMutation({
    async onSuccess() {
      toast.success(t('suppliers.deleted'));
      // The deleted supplier is not fetched again while this screen is still open.
      await utils.suppliers.list.invalidate();
      void utils.suppliers.byId.invalidate({ id: Number(id) }, { refetchType: 'none' });
      utils.orders.bySupplier.setData({ supplierId: Number(id) }, undefined);
      navigate('/suppliers', { replace: true });
    },
    onError: () => toast.error(t('suppliers.deleteError')),
  });
  return (
    <Screen route="suppliers.delete" title={t('suppliers.deleteTitle')} back={`/suppliers/${id}`}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('suppliers.deleteConfirm', { name: supplier.data?.name ?? `#${id}` })}
          confirmLabel={t('app.delete')}
          cancelHref={`/suppliers/${id}`}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: Number(id) })}
        />
      )}
    </Screen>
  );
}
