import { useTranslation } from 'react-i18next';
import { Loading } from '../../app/lazy-screen.tsx';
import { useSearchParam } from '../../app/use-search-param.ts';
import { useSuppliers } from '../../features/suppliers/api.ts';
import { href } from '../../lib/paths.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { Empty, Hint, Stack } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Pick the supplier whose order to prepare. */
export default function OrdersList() {
  const { t } = useTranslation();
  const search = useSearchParam();
  const suppliers = useSuppliers(search.debounced);

  return (
    <Screen route="orders" title={t('orders.title')}>
      {suppliers.isPending ? (
        <Loading />
      ) : (
        <>
          <Hint>{t('orders.pickSupplier')}</Hint>
          <SearchField label={t('orders.searchSuppliers')} value={search.value} onChange={search.setValue} />
          {!suppliers.data?.length ? (
            search.debounced ? (
              <Empty role="status">{t('orders.noMatch', { q: search.debounced })}</Empty>
            ) : (
              <Stack>
                <Empty>{t('orders.noSuppliers')}</Empty>
                <LinkButton href={href('suppliers.new')}>{t('orders.addFirstSupplier')}</LinkButton>
              </Stack>
            )
          ) : (
            <List label={t('orders.title')}>
              {suppliers.data.map((s) => (
                <ListItem key={s.id}>
                  <ListLink
                    href={href('orders.order', { supplierId: s.id })}
                    title={s.name}
                    meta={
                      <>
                        {t(`suppliers.services.${s.messageService}`)} {s.contactName ? ` · ${s.contactName}` : ''}
                      </>
                    }
                  />
                  <Icon name="next" />
                </ListItem>
              ))}
            </List>
          )}
        </>
      )}
    </Screen>
  );
}
