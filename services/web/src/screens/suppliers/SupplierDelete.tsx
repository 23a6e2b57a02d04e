import { useLocation, useParams, useSearch } from 'wouter';
import { useDeleteSupplier, useSupplier } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { ConfirmCard } from '../../ui/ConfirmCard.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function SupplierDelete() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const { id } = useParams<{ id: string }>();
  // Back to the details' form as it was opened (`?from=` the order: issue 45).
  const search = useSearch();
  const editPath = `${href('suppliers.edit', { id: id })}${search ? `?${search}` : ''}`;
  const supplier = useSupplier(Number(id));
  const ready = usePreload(supplier, 'supplier');
  const remove = useDeleteSupplier(Number(id), {
    onSuccess() {
      toast.success(t('suppliers.deleted'));
      navigate(href('suppliers'), { replace: true });
    },
    onError: () => toast.error(t('suppliers.deleteError')),
  });
  return (
    <Screen route="suppliers.delete" title={t('suppliers.deleteTitle')} back={editPath}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('suppliers.deleteConfirm', { name: supplier.data?.name ?? `#${id}` })}
          confirmLabel={t('app.delete')}
          cancelHref={editPath}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: Number(id) })}
        />
      )}
    </Screen>
  );
}
