import { useLocation } from 'wouter';
import { useTranslation } from '../../app/i18n.ts';
import { useOwnerTimeZone } from '../../app/session.ts';
import { useToast } from '../../app/toast.tsx';
import { useCreateSupplier } from '../../features/suppliers/api.ts';
import { EMPTY_SUPPLIER, SupplierForm } from '../../features/suppliers/SupplierForm.tsx';
import { href } from '../../lib/paths.ts';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';

export default function SupplierNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const timeZone = useOwnerTimeZone();
  const create = useCreateSupplier({
    onSuccess() {
      toast.success(t('suppliers.created'));
      navigate(href('suppliers'));
    },
    onError: () => toast.error(t('suppliers.createError')),
  });
  return (
    <Screen route="suppliers.new" title={t('suppliers.newTitle')} back={href('suppliers')}>
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
