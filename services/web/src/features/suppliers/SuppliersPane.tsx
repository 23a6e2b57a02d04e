import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListActions, ListItem, ListLink } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Toolbar } from '../../ui/layout.tsx';
import { useCan } from '../businesses/api.ts';
import { useSuppliers } from './api.ts';

/**
 * The suppliers, searchable: the suppliers screen, and on a desktop the pane
 * beside an open supplier (`selected`, issue 45), where each row is its name
 * and the open supplier has "Open order".
 */
export function SuppliersPane({ selected, pane = false }: { selected?: number; pane?: boolean }) {
  const { t } = useTranslation();
  const search = useSearchParam();
  const suppliers = useSuppliers(search.debounced);
  // Staff see the suppliers and open their orders; adding and editing is an owner's or a manager's.
  const canEdit = useCan('manager');
  return (
    <>
      <Toolbar>
        <SearchField label={t('suppliers.search')} value={search.value} onChange={search.setValue} />
        {canEdit ? (
          <LinkButton href={href('suppliers.new')} aria-label={pane ? t('suppliers.add') : undefined}>
            <Icon name="plus" /> {pane ? null : t('suppliers.add')}
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
                current={s.id === selected}
                title={s.name}
                meta={
                  <>
                    {t(`suppliers.services.${s.messageService}`)} {s.contactName ? ` · ${s.contactName}` : ''}{' '}
                    {s.contactInfo ? ` · ${s.contactInfo}` : ''}
                  </>
                }
              />
              {canEdit && !pane ? (
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
    </>
  );
}
