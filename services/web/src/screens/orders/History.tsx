import type { TSentOrder } from '@reorder/schemas';
import { useParams } from 'wouter';
import { useSupplierHistory } from '../../features/orders/api.ts';
import { ConfirmationStatus, hasConfirmation } from '../../features/orders/ConfirmationStatus.tsx';
import { useReorderForReview } from '../../features/orders/use-reorder.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { Button } from '../../ui/Button.tsx';
import { List, ListItem, ListLink } from '../../ui/List.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Empty } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** Orders sent to one supplier, newest first; each can be opened or re-ordered in one tap. */
export default function History() {
  const { t, i18n } = useTranslation();
  const { supplierId } = useParams<{ supplierId: string }>();
  const id = Number(supplierId);
  const { supplier, history } = useSupplierHistory(id);
  const supplierReady = usePreload(supplier, 'supplier');
  const historyReady = usePreload(history, 'history');
  const reorder = useReorderForReview(id);
  const name = supplier.data?.name ?? '';
  const service = (s: TSentOrder) => t(`suppliers.services.${s.channel}`);

  return (
    <Screen route="orders.history" title={t('orders.historyTitle', { name })} back={href('orders.order', { supplierId: id })}>
      {!supplierReady || !historyReady ? (
        <Loading />
      ) : !history.data?.length ? (
        <Empty>{t('orders.noHistory')}</Empty>
      ) : (
        <List label={t('orders.history')}>
          {history.data.map((sent) => {
            const date = formatDateTime(sent.sentAt, i18n.language);
            return (
              <ListItem key={sent.id}>
                <ListLink
                  href={href('orders.sentOrder', { supplierId: id, sentOrderId: sent.id })}
                  title={t('orders.sentOn', { date, service: service(sent) })}
                  meta={
                    <>
                      {t('orders.lines', { count: sent.lines.length })} · {sent.lines.map((l) => l.name).join(', ')}
                      {sent.sentBy ? (
                        <>
                          <br />
                          {t('orders.sentBy', { name: sent.sentBy.fullName })}
                        </>
                      ) : null}
                      {hasConfirmation(sent) ? (
                        <>
                          <br />
                          <ConfirmationStatus sent={sent} compact />
                        </>
                      ) : null}
                    </>
                  }
                />
                <Button
                  small
                  variant="secondary"
                  aria-label={t('orders.reorderLabel', { date })}
                  disabled={!reorder.ready}
                  onClick={() => reorder.start(sent)}
                >
                  {t('orders.reorder')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
      {reorder.question}
    </Screen>
  );
}
