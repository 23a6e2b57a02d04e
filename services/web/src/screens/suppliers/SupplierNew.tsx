import { useLocation, useSearch } from 'wouter';
import { useCreateSupplier } from '../../features/suppliers/api.ts';
import { EMPTY_SUPPLIER, SupplierForm } from '../../features/suppliers/SupplierForm.tsx';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { returnPath } from '../../lib/redirect.ts';
import { useOwnerTimeZone } from '../../lib/session.ts';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function SupplierNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  // Opened from the orders, the back arrow goes there (issue 45).
  const search = useSearch();
  const timeZone = useOwnerTimeZone();
  const create = useCreateSupplier({
    onSuccess(supplier) {
      toast.success(t('suppliers.created'));
      // The next step of a first run: its order, which offers the ways to add its products.
      navigate(href('orders.order', { supplierId: supplier.id }));
    },
    onError: () => toast.error(t('suppliers.createError')),
  });
  return (
    <Screen route="suppliers.new" title={t('suppliers.newTitle')} back={returnPath(search, href('suppliers'))}>
      <Card>
        <SupplierForm
          initial={EMPTY_SUPPLIER}
          timeZone={timeZone}
          submitLabel={t('suppliers.create')}
          busy={create.isPending}
          onSubmit={(values) => create.mutate(values)}
        />
      </Card>
    </Screen>
  );
}
