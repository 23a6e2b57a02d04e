import { useParams } from 'wouter';
import { useSentOrder } from '../../features/orders/api.ts';
import { ConfirmationStatus, hasConfirmation } from '../../features/orders/ConfirmationStatus.tsx';
import { useReorderForReview } from '../../features/orders/use-reorder.tsx';
import { formatDateTime } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { usePreload } from '../../lib/use-preload.ts';
import { Button, LinkButton } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Loading } from '../../ui/Loading.tsx';
import { Preformatted, StatusLine } from '../../ui/layout.tsx';
import { Screen } from '../../ui/Screen.tsx';

/** One sent order as it was, with the button that puts it back into the current order. */
export default function SentOrder() {
  const { t, i18n } = useTranslation();
  const params = useParams<{ supplierId: string; sentOrderId: string }>();
  const supplierId = Number(params.supplierId);
  const { supplier, sent } = useSentOrder(supplierId, Number(params.sentOrderId));
  const supplierReady = usePreload(supplier, 'supplier');
  const sentReady = usePreload(sent, 'sent order');
  const ready = supplierReady && sentReady;
  const reorder = useReorderForReview(supplierId);
  const date = sent.data ? formatDateTime(sent.data.sentAt, i18n.language) : '';

  return (
    <Screen
      route="orders.sentOrder"
      title={date ? t('orders.sentOrderTitle', { date }) : t('orders.history')}
      back={href('orders.history', { supplierId: supplierId })}
    >
      {!ready ? (
        <Loading />
      ) : sent.data ? (
        <Card>
          <StatusLine>{t('orders.sentOn', { date, service: t(`suppliers.services.${sent.data.channel}`) })}</StatusLine>
          {sent.data.sentBy ? <StatusLine>{t('orders.sentBy', { name: sent.data.sentBy.fullName })}</StatusLine> : null}
          {hasConfirmation(sent.data) ? (
            <StatusLine data-testid="sent-order-confirmation">
              <ConfirmationStatus sent={sent.data} />
            </StatusLine>
          ) : null}
          <Preformatted data-testid="sent-order-text">{sent.data.text}</Preformatted>
          <LinkButton block variant="secondary" href={href('orders.receipt', { supplierId, sentOrderId: sent.data.id })}>
            {t('receiving.arrived')}
          </LinkButton>
          <Button block onClick={() => sent.data && reorder.start(sent.data)} disabled={!reorder.ready}>
            {t('orders.reorder')}
          </Button>
        </Card>
      ) : null}
      {reorder.question}
    </Screen>
  );
}
