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

export default function SuppliersList() {
  const { t } = useTranslation();
  const search = useSearchParam();
  const suppliers = trpc.suppliers.list.useQuery({ q: search.debounced || undefined }, { placeholderData: keepPreviousData });

  return (
    <Screen route="suppliers" title={t('suppliers.title')}>
      <div className="toolbar">
        <SearchField label={t('suppliers.search')} value={search.value} onChange={search.setValue} />
        <LinkButton href="/suppliers/new">
          <Icon name="plus" /> {t('suppliers.add')}
        </LinkButton>
      </div>
      {suppliers.isPending ? (
        <Loading />
      ) : !suppliers.data?.length ? (
        <p className="empty" role="status">
          {search.debounced ? t('suppliers.noMatch', { q: search.debounced }) : t('suppliers.none')}
        </p>
      ) : (
        <ul className="list" aria-label={t('suppliers.title')}>
          {suppliers.data.map((s) => (
            <li key={s.id} className="list__item">
              <Link href={`/suppliers/${s.id}`} className="list__link">
                <span className="list__title">{s.name}</span>
                <span className="list__meta">
                  {t(`suppliers.services.${s.messageService}`)}
                  {s.contactName ? ` · ${s.contactName}` : ''}
                  {s.contactInfo ? ` · ${s.contactInfo}` : ''}
                </span>
              </Link>
              <span className="list__actions">
                <LinkButton href={`/orders/${s.id}`} variant="secondary" small aria-label={`${t('suppliers.openOrder')}: ${s.name}`}>
                  {t('suppliers.openOrder')}
                </LinkButton>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Screen>
  );
}
