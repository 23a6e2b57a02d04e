import { ORDERS_SORTS, type TOrdersSort } from '@reorder/schemas/limits';
import { useMemo } from 'react';
import { formatDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { withReturn } from '../../lib/redirect.ts';
import { useSession } from '../../lib/session.ts';
import { useSearchParam } from '../../lib/use-search-param.ts';
import { LinkButton } from '../../ui/Button.tsx';
import { SearchField, SelectField } from '../../ui/fields.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty, Hint, Stack, Toolbar } from '../../ui/layout.tsx';
import { useUpdateMe } from '../account/api.ts';
import { useCan } from '../businesses/api.ts';
import { ClaimsOwed, useOwedText } from '../claims/ClaimsOwed.tsx';
import { useSuppliers } from '../suppliers/api.ts';
import { ArrivedButton, awaitsArrival } from './ArrivedButton.tsx';
import { useOrderSummaries } from './api.ts';
import { LastAnswer } from './ConfirmationStatus.tsx';
import { CutoffText } from './CutoffText.tsx';
import { ReadyNote } from './ReadyNote.tsx';

/**
 * The suppliers whose orders to prepare, each with its cut-off, the lines in
 * its order, when it last went and what the supplier answered, and for those
 * who send, "Ready to send" when a member said so (§9.3); sorted as the
 * member chose (kept on the account). The orders screen, and on a desktop the
 * pane beside an open order (`selected`).
 */
export function OrdersPane({ selected, searchParam = 'q' }: { selected?: number; searchParam?: string }) {
  const { t, i18n } = useTranslation();
  const search = useSearchParam(searchParam);
  // One choice, kept on the account: every device of the member sorts the same (issue 32).
  const sort = useSession()?.user.ordersSort ?? 'name';
  const updateMe = useUpdateMe();
  const suppliers = useSuppliers(search.debounced, sort === 'cutoff' ? 'orderBy' : 'name');
  const summaries = useOrderSummaries();
  const nonEmptyFirst = sort === 'inOrder';
  const canAdd = useCan('manager');
  const owedText = useOwedText();
  const rows = useMemo(() => {
    const list = suppliers.data ?? [];
    if (!nonEmptyFirst) return list;
    const lines = (id: number) => summaries.bySupplier.get(id)?.lines ?? 0;
    // A stable sort: within each group the suppliers keep their order by name.
    return [...list].sort((a, b) => Number(lines(b.id) > 0) - Number(lines(a.id) > 0));
  }, [suppliers.data, summaries.bySupplier, nonEmptyFirst]);

  return (
    <>
      {suppliers.isPending ? (
        <Loading />
      ) : (
        <>
          <ClaimsOwed summaries={summaries.data} />
          <Hint>{t('orders.pickSupplier')}</Hint>
          <SearchField label={t('orders.searchSuppliers')} value={search.value} onChange={search.setValue} />
          {!suppliers.data?.length ? (
            search.debounced ? (
              <Empty role="status">{t('orders.noMatch', { q: search.debounced })}</Empty>
            ) : (
              <Stack>
                <Empty>{t('orders.noSuppliers')}</Empty>
                {canAdd ? (
                  <LinkButton href={withReturn(href('suppliers.new'), href('orders'))}>{t('orders.addFirstSupplier')}</LinkButton>
                ) : null}
              </Stack>
            )
          ) : (
            <>
              <Toolbar>
                <SelectField
                  id="orders-sort"
                  name="ordersSort"
                  label={t('orders.sortBy')}
                  value={sort}
                  options={ORDERS_SORTS.map((value) => ({ value, label: t(`orders.sorts.${value}`) }))}
                  onChange={(event) => updateMe.mutate({ ordersSort: event.target.value as TOrdersSort })}
                />
              </Toolbar>
              <List label={t('orders.title')}>
                {rows.map((s) => {
                  const summary = summaries.bySupplier.get(s.id);
                  return (
                    <ListItem key={s.id}>
                      <ListLink
                        href={href('orders.order', { supplierId: s.id })}
                        current={s.id === selected}
                        title={s.name}
                        meta={
                          <>
                            {t(`suppliers.services.${s.messageService}`)} {s.contactName ? ` · ${s.contactName}` : ''}
                          </>
                        }
                        status={
                          summary ? (
                            <span data-testid="order-summary">
                              {summary.lines > 0 ? t('orders.lines', { count: summary.lines }) : t('orders.emptyShort')}
                              {' · '}
                              {summary.lastSentAt
                                ? t('orders.lastSent', { date: formatDate(summary.lastSentAt, i18n.language) })
                                : t('orders.neverSent')}
                              {summary.lastAnswer ? (
                                <>
                                  {' · '}
                                  <LastAnswer answer={summary.lastAnswer} />
                                </>
                              ) : null}
                              {owedText(summary.claims) ? (
                                <>
                                  <br />
                                  <span data-testid="supplier-owed">{owedText(summary.claims)}</span>
                                </>
                              ) : null}
                              {canAdd && summary.ready ? (
                                <>
                                  <br />
                                  <ReadyNote ready={summary.ready} />
                                </>
                              ) : null}
                              {s.nextDelivery ? (
                                <>
                                  <br />
                                  <CutoffText supplier={s} />
                                </>
                              ) : null}
                            </span>
                          ) : (
                            <CutoffText supplier={s} />
                          )
                        }
                        highlight={(summary?.lines ?? 0) > 0}
                      />
                      {awaitsArrival(summary) ? <ArrivedButton summary={summary} supplier={s.name} /> : null}
                      <Icon name="next" />
                    </ListItem>
                  );
                })}
              </List>
            </>
          )}
        </>
      )}
    </>
  );
}
