import { useLocation, useParams, useSearch } from 'wouter';
import { useSupplierHistory } from '../../features/orders/api.ts';
import { useUpdateSupplier } from '../../features/suppliers/api.ts';
import { EMPTY_SUPPLIER, SupplierForm } from '../../features/suppliers/SupplierForm.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { returnPath } from '../../lib/redirect.ts';
import { useOwnerTimeZone } from '../../lib/session.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

/**
 * A supplier's details. Saved, or left with the back arrow, it goes back to
 * where it was opened from: the order (`?from=`, issue 45), else the suppliers.
 */
export default function SupplierEdit() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [, navigate] = useLocation();
  const timeZone = useOwnerTimeZone();
  const { id } = useParams<{ id: string }>();
  const search = useSearch();
  const back = returnPath(search, href('suppliers'));
  const { supplier, history } = useSupplierHistory(Number(id));
  const ready = usePreload(supplier, 'supplier', { fresh: true });
  const lastSent = history.data?.[0];
  const update = useUpdateSupplier({
    onSuccess() {
      toast.success(t('suppliers.updated'));
      navigate(back);
    },
    onError: () => toast.error(t('suppliers.updateError')),
  });

  return (
    <Screen route="suppliers.edit" title={t('suppliers.editTitle')} back={back}>
      {!ready ? (
        <Loading />
      ) : (
        <>
          <Card>
            <SupplierForm
              initial={supplier.data ?? EMPTY_SUPPLIER}
              initialSchedule={supplier.data}
              initialAskConfirmation={supplier.data?.askConfirmation}
              initialMoney={supplier.data}
              timeZone={timeZone}
              submitLabel={t('app.save')}
              busy={update.isPending}
              onSubmit={(values) => update.mutate({ id: Number(id), ...values })}
            />
          </Card>
          <StatusLine>
            {lastSent ? t('orders.lastOrdered', { date: formatDateTime(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
          </StatusLine>
          <ButtonRow>
            <LinkButton href={href('orders.history', { supplierId: id })} variant="ghost">
              {t('orders.history')}
            </LinkButton>
            <LinkButton href={href('orders.order', { supplierId: id })} variant="secondary">
              {t('suppliers.openOrder')}
            </LinkButton>
            <LinkButton href={`${href('suppliers.delete', { id: id })}${search ? `?${search}` : ''}`} variant="danger">
              {t('suppliers.deleteTitle')}
            </LinkButton>
          </ButtonRow>
        </>
      )}
    </Screen>
  );
}
