import { useLocation, useParams, useSearch } from 'wouter';
import { useCan } from '../../features/businesses/api.ts';
import { useSupplierHistory } from '../../features/orders/api.ts';
import { CatalogueTable } from '../../features/orders/CatalogueTable.tsx';
import { useUpdateSupplier } from '../../features/suppliers/api.ts';
import { EMPTY_SUPPLIER, SupplierForm } from '../../features/suppliers/SupplierForm.tsx';
import { SuppliersPane } from '../../features/suppliers/SuppliersPane.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { returnPath } from '../../lib/redirect.ts';
import { useOwnerTimeZone } from '../../lib/session.ts';
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { ButtonRow, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { TwoPanes } from '../../ui/TwoPanes.tsx';
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
  const desktop = useMediaQuery(DESKTOP_QUERY);
  const canEdit = useCan('manager');
  const update = useUpdateSupplier({
    onSuccess() {
      toast.success(t('suppliers.updated'));
      navigate(back);
    },
    onError: () => toast.error(t('suppliers.updateError')),
  });

  const content = !ready ? (
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
        <LinkButton href={href('suppliers.standing', { id })} variant="ghost">
          {t('week.standing')}
        </LinkButton>
        <LinkButton href={href('orders.order', { supplierId: id })} variant="secondary">
          {t('suppliers.openOrder')}
        </LinkButton>
        <LinkButton href={`${href('suppliers.delete', { id: id })}${search ? `?${search}` : ''}`} variant="danger">
          {t('suppliers.deleteTitle')}
        </LinkButton>
      </ButtonRow>
      {desktop ? <CatalogueTable supplierId={Number(id)} canEdit={canEdit} /> : null}
    </>
  );
  // On a desktop the suppliers stay beside the open one, and its catalogue is a table under its details (issue 45).
  return (
    <Screen route="suppliers.edit" title={t('suppliers.editTitle')} back={back} wide={desktop}>
      {desktop ? (
        <TwoPanes list={<SuppliersPane selected={Number(id)} pane />} label={t('suppliers.title')}>
          {content}
        </TwoPanes>
      ) : (
        content
      )}
    </Screen>
  );
}
