import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Loading } from '../../app/lazy-screen.tsx';
import { trpc } from '../../app/trpc.ts';
import { useSearchParam } from '../../app/use-search-param.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { SearchField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Pick the supplier whose order to prepare. */
export default function OrdersList() {
  const { t } = useTranslation();
  const search = useSearchParam();
  const suppliers = trpc.suppliers.list.useQuery({ q: search.debounced || undefined }, { placeholderData: keepPreviousData });

  return (
    <Screen route="orders" title={t('orders.title')}>
      {suppliers.isPending ? (
        <Loading />
      ) : (
        <>
          <p className="form__hint">{t('orders.pickSupplier')}</p>
          <SearchField label={t('orders.searchSuppliers')} value={search.value} onChange={search.setValue} />
          {!suppliers.data?.length ? (
            search.debounced ? (
              <p className="empty" role="status">
                {t('orders.noMatch', { q: search.debounced })}
              </p>
            ) : (
              <div className="empty">
                <p>{t('orders.noSuppliers')}</p>
                <LinkButton href="/suppliers/new">{t('orders.addFirstSupplier')}</LinkButton>
              </div>
            )
          ) : (
            <ul className="list" aria-label={t('orders.title')}>
              {suppliers.data.map((s) => (
                <li key={s.id} className="list__item">
                  <Link href={`/orders/${s.id}`} className="list__link">
                    <span className="list__title">{s.name}</span>
                    <span className="list__meta">
                      {t(`suppliers.services.${s.messageService}`)}
                      {s.contactName ? ` · ${s.contactName}` : ''}
                    </span>
                  </Link>
                  <Icon name="next" />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Screen>
  );
}
