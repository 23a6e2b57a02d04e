import type { TOrder, TSentOrder, TSupplier } from '@reorder/schemas';
import { formatMoney } from '@reorder/schemas/order-text';
import { orderTotals } from '@reorder/schemas/quantities';
import { type RefObject, useEffect, useState } from 'react';
import { formatShortDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useOnline } from '../../lib/online.ts';
import { ActionBar } from '../../ui/ActionBar.tsx';
import { Button } from '../../ui/Button.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { Icon } from '../../ui/Icon.tsx';
import { ButtonRow } from '../../ui/layout.tsx';
import { Sheet } from '../../ui/Sheet.tsx';
import { useToast } from '../../ui/toast.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { useMarkReady } from './api.ts';
import { OrderTextCopy, OrderTextView } from './OrderTextView.tsx';
import { useSync } from './outbox-sync.ts';
import { UnusualNotice } from './UnusualNotice.tsx';
import type { useOrderChanges } from './use-order-changes.ts';
import type { useOrderImage } from './use-order-image.ts';
import { useReorder } from './use-reorder.tsx';
import type { useSendOrder } from './use-send-order.ts';
import { unusualLines } from './usual.ts';

type OrderChanges = ReturnType<typeof useOrderChanges>;

/**
 * Send, always in reach: the number of products in the order, Send through
 * the supplier's service, Share with image where the share sheet takes files,
 * and (on a phone) the order text in a sheet with its copy buttons. After a
 * send it offers to clear the order for next time. An empty order with a
 * past send offers "Re-order" in the same place, then Send: the weekly order
 * is two taps from the supplier (docs/decisions.md §3).
 */
export function SendBar({
  supplierId,
  order,
  supplier,
  drafts,
  sending,
  offerClear,
  setOfferClear,
  image,
  shareFiles,
  sendButton,
  lastSent,
  maySend,
  onGoToLine,
}: {
  supplierId: number;
  order: TOrder | undefined;
  supplier: TSupplier | undefined;
  drafts: OrderChanges;
  sending: ReturnType<typeof useSendOrder>;
  /** Whether to offer clearing the order (just after a send). */
  offerClear: boolean;
  setOfferClear: (offer: boolean) => void;
  image: ReturnType<typeof useOrderImage>;
  shareFiles: boolean;
  sendButton: RefObject<HTMLButtonElement | null>;
  lastSent: TSentOrder | undefined;
  /**
   * Whether the user may send (an owner or a manager). Staff get "Ready to
   * send" in its place, which tells those who may (docs/decisions.md §8.2).
   */
  maySend: boolean;
  /** Takes the user to a line's quantity (from a flagged unusual quantity). */
  onGoToLine: (productId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [sheetOpen, setSheetOpen] = useState(false);
  const [focusSend, setFocusSend] = useState(false);
  const reorder = useReorder(supplierId, () => setFocusSend(true));
  // The Send button takes the Re-order button's place: the focus goes there once it can send.
  useEffect(() => {
    if (!focusSend || !sending.canSend) return;
    sendButton.current?.focus();
    setFocusSend(false);
  }, [focusSend, sending.canSend, sendButton]);
  const offerReorder = Boolean(order && lastSent && drafts.lineCount === 0 && !offerClear);
  const unresolved = drafts.unresolved[0];
  // Quantities far from the weekday's usual, said before sending (docs/decisions.md §9.5); they never stop it.
  const unusual = unusualLines(order?.products ?? [], drafts.quantityOf);
  // "Ready to send" tells of the order as the server holds it: not before this device's changes are there.
  const { state: outbox } = useSync();
  const online = useOnline();
  const ready = useMarkReady({
    onSuccess: () => toast.success(t('orders.readyTold')),
    onError: () => toast.error(t('orders.readyError')),
  });

  return (
    <>
      <ActionBar
        label={t('orders.send')}
        summary={
          <>
            <span className="send-bar__count" data-testid="order-line-count">
              {t('orders.lines', { count: drafts.lineCount })}
            </span>
            <OrderMoney order={order} supplier={supplier} drafts={drafts} />
          </>
        }
        phoneOnly={
          <Button
            variant="ghost"
            className="send-bar__text"
            aria-label={t('orders.moreWays')}
            title={t('orders.moreWays')}
            onClick={() => setSheetOpen(true)}
          >
            <Icon name="text" size={22} />
          </Button>
        }
        notice={
          offerClear ? (
            <>
              <p>
                <strong>{t('orders.clearAfterSendTitle')}</strong> {t('orders.clearAfterSend')}
              </p>
              <ButtonRow>
                <Button variant="ghost" small onClick={() => setOfferClear(false)}>
                  {t('orders.keepIt')}
                </Button>
                <Button
                  variant="danger"
                  small
                  onClick={() => {
                    drafts.clear();
                    setOfferClear(false);
                    toast.success(t('products.cleared'));
                  }}
                >
                  {t('orders.clearNow')}
                </Button>
              </ButtonRow>
            </>
          ) : unresolved ? (
            <p data-testid="quantity-unresolved">{t('orders.quantityUnresolved', { name: unresolved.name })}</p>
          ) : unusual.length > 0 ? (
            <UnusualNotice flagged={unusual} onGo={onGoToLine} />
          ) : null
        }
      >
        {offerReorder && order && lastSent ? (
          <Button variant="secondary" disabled={!reorder.ready} onClick={() => reorder.start(lastSent)}>
            {t('orders.reorderLast', { date: formatShortDate(lastSent.sentAt, i18n.language) })}
          </Button>
        ) : null}
        {maySend ? (
          <Button
            ref={sendButton}
            disabled={!sending.canSend}
            aria-label={supplier ? t('orders.sendThrough', { service: sending.serviceName }) : t('orders.send')}
            title={t('nav.keys.sendTip')}
            aria-keyshortcuts="Control+Enter"
            onClick={() => void sending.send()}
          >
            {supplier ? (
              <>
                <span className="send-bar__long">{t('orders.sendThrough', { service: sending.serviceName })}</span>
                <span className="send-bar__short" aria-hidden="true">
                  {t('orders.send')}
                </span>
              </>
            ) : (
              t('orders.send')
            )}
          </Button>
        ) : (
          <Button
            ref={sendButton}
            disabled={!order || !drafts.hasLines || ready.isPending || !online || outbox.waiting > 0}
            onClick={() => order && ready.mutate({ id: order.id })}
          >
            {t('orders.readyToSend')}
          </Button>
        )}
        {shareFiles && maySend ? (
          <Button
            variant="ghost"
            disabled={!sending.canSend}
            data-image-ready={image.file ? 'true' : 'false'}
            onClick={() => void sending.shareImage(image)}
          >
            {t('orders.shareWithImage')}
          </Button>
        ) : null}
      </ActionBar>
      <Sheet open={sheetOpen} title={t('orders.orderText')} closeLabel={t('orders.closeSheet')} onClose={() => setSheetOpen(false)}>
        <OrderTextView text={drafts.text} testId="order-text-sheet" />
        <OrderTextCopy sending={sending} hasText={drafts.text !== ''} image={image} />
      </Sheet>
      <ConfirmDialog
        open={sending.askingAboutCall}
        title={t('orders.callPlacedTitle')}
        confirmLabel={t('orders.callPlacedYes')}
        cancelLabel={t('orders.callPlacedNo')}
        onConfirm={sending.confirmCall}
        onCancel={sending.cancelCall}
      >
        <p>{t('orders.callPlacedText')}</p>
      </ConfirmDialog>
      {reorder.question}
    </>
  );
}

/**
 * The order's total as the owner has it on screen (docs/decisions.md §8.4):
 * "31,20 € · 2 without price", and, once the order has a product, what is
 * missing to the supplier's minimum (an empty order is not short of it:
 * issue 45); nothing while no product of the supplier has a price or a
 * minimum. Each part keeps its words together (order-screen.css).
 */
function OrderMoney({ order, supplier, drafts }: { order: TOrder | undefined; supplier: TSupplier | undefined; drafts: OrderChanges }) {
  const { t, i18n } = useTranslation();
  const currency = useActiveBusiness()?.currency ?? 'EUR';
  if (!order) return null;
  const minimum = supplier?.minimumOrder ?? null;
  if (minimum === null && !order.products.some((p) => p.price !== null)) return null;
  const { total, unpricedLines } = orderTotals(order.products.map((p) => ({ quantity: drafts.quantityOf(p), price: p.price })));
  const money = (amount: number) => formatMoney(amount, currency, i18n.language);
  const short = minimum !== null && drafts.lineCount > 0 && total < minimum;
  return (
    <span data-testid="order-total">
      <span className="send-bar__part">
        <span className="send-bar__separator">{' · '}</span>
        {money(total)}
      </span>
      {unpricedLines > 0 ? (
        <span className="send-bar__part">
          <span className="send-bar__separator">{' · '}</span>
          {t('orders.unpriced', { n: unpricedLines })}
        </span>
      ) : null}
      {short ? (
        <span
          className="send-bar__part send-bar__minimum"
          title={t('orders.belowMinimum', { missing: money(minimum - total), minimum: money(minimum) })}
        >
          <span className="send-bar__separator">{' · '}</span>
          {t('orders.shortOfMinimum', { missing: money(minimum - total) })}
        </span>
      ) : null}
    </span>
  );
}
