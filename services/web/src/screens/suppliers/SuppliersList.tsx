import { Link } from 'wouter';
import { useCan } from '../../features/businesses/api.ts';
import { useExportCatalogue } from '../../features/catalogue/api.ts';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { LinkButton, TextButton } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListActions, ListItem, ListLink } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, InlineLinks, Toolbar } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';
import { useToast } from '../../ui/toast.tsx';

export default function SuppliersList() {
  const { t } = useTranslation();
  const search = useSearchParam();
  const suppliers = useSuppliers(search.debounced);
  // Staff see the suppliers and open their orders; adding and editing is an owner's or a manager's.
  const canEdit = useCan('manager');
  const toast = useToast();
  const exportCatalogue = useExportCatalogue();

  return (
    <Screen route="suppliers" title={t('suppliers.title')}>
      <Toolbar>
        <SearchField label={t('suppliers.search')} value={search.value} onChange={search.setValue} />
        {canEdit ? (
          <LinkButton href={href('suppliers.new')}>
            <Icon name="plus" /> {t('suppliers.add')}
          </LinkButton>
        ) : null}
      </Toolbar>
      {suppliers.isPending ? (
        <Loading />
      ) : !suppliers.data?.length ? (
        <Empty role="status">{search.debounced ? t('suppliers.noMatch', { q: search.debounced }) : t('suppliers.none')}</Empty>
      ) : (
        <List label={t('suppliers.title')}>
          {suppliers.data.map((s) => (
            <ListItem key={s.id}>
              <ListLink
                href={canEdit ? href('suppliers.edit', { id: s.id }) : href('orders.order', { supplierId: s.id })}
                title={s.name}
                meta={
                  <>
                    {t(`suppliers.services.${s.messageService}`)} {s.contactName ? ` · ${s.contactName}` : ''}{' '}
                    {s.contactInfo ? ` · ${s.contactInfo}` : ''}
                  </>
                }
              />
              {canEdit ? (
                <ListActions>
                  <LinkButton
                    href={href('orders.order', { supplierId: s.id })}
                    variant="secondary"
                    small
                    aria-label={`${t('suppliers.openOrder')}: ${s.name}`}
                  >
                    {t('suppliers.openOrder')}
                  </LinkButton>
                </ListActions>
              ) : null}
            </ListItem>
          ))}
        </List>
      )}
      {/* The whole catalogue as a spreadsheet (docs/decisions.md §8.3): out for everyone, in for those who edit it. */}
      <InlineLinks>
        {suppliers.data?.length ? (
          <TextButton onClick={() => exportCatalogue().catch(() => toast.error(t('catalogue.exportError')))}>
            {t('catalogue.export')}
          </TextButton>
        ) : null}
        {canEdit ? <Link href={href('suppliers.import')}>{t('catalogue.import')}</Link> : null}
      </InlineLinks>
    </Screen>
  );
}
