import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { useToast } from '../../app/toast.tsx';
import { trpc } from '../../app/trpc.ts';
import { Card } from '../../ui/Card.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { EMPTY_SUPPLIER, SupplierForm } from './SupplierForm.tsx';

export default function SupplierNew() {
  const { t } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const create = trpc.suppliers.create.useMutation({
    async onSuccess() {
      toast.success(t('suppliers.created'));
      await utils.suppliers.list.invalidate();
      navigate('/suppliers');
    },
    onError: () => toast.error(t('suppliers.createError')),
  });
  return (
    <Screen route="suppliers.new" title={t('suppliers.newTitle')} back="/suppliers">
      <Card>
        <SupplierForm
          initial={EMPTY_SUPPLIER}
          submitLabel={t('suppliers.create')}
          busy={create.isPending}
          onSubmit={(values) => create.mutate(values)}
        />
      </Card>
    </Screen>
  );
}
