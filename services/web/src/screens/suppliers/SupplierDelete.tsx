import { useLocation, useParams } from 'wouter';
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
    <Screen route="suppliers.delete" title={t('suppliers.deleteTitle')} back={href('suppliers.edit', { id: id })}>
      {!ready ? (
        <Loading />
      ) : (
        <ConfirmCard
          text={t('suppliers.deleteConfirm', { name: supplier.data?.name ?? `#${id}` })}
          confirmLabel={t('app.delete')}
          cancelHref={href('suppliers.edit', { id: id })}
          busy={remove.isPending}
          onConfirm={() => remove.mutate({ id: Number(id) })}
        />
      )}
    </Screen>
  );
}
