import type { TOrder, TSupplier } from '@reorder/schemas';
import { isInternationalNumber } from '@reorder/schemas/send-links';
import { type Ref, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { canShareFiles } from '../../app/send.ts';
import { useToast } from '../../app/toast.tsx';
import { href } from '../../lib/paths.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ButtonRow, CaptureArea, Hint, Offer, Preformatted, StatusLine } from '../../ui/layout.tsx';
import { useClearOrder } from './api.ts';
import type { useOrderDrafts } from './use-order-drafts.ts';
import { useOrderImage } from './use-order-image.ts';
import { useSendOrder } from './use-send-order.ts';

type OrderDrafts = ReturnType<typeof useOrderDrafts>;

/**
 * The order as it will be sent, and every way to send it: Send through the
 * supplier's service, Share with image where the system share sheet takes
 * files, Copy text and Copy as image. The image of the text is made here,
 * once, for both the copy and the share. After a send, it offers to clear
 * the order for next time.
 */
export function OrderTextCard({
  order,
  supplier,
  drafts,
  updating,
  sendButton,
}: {
  order: TOrder | undefined;
  supplier: TSupplier | undefined;
  drafts: OrderDrafts;
  updating: boolean;
  sendButton: Ref<HTMLButtonElement>;
}) {
  const { t } = useTranslation();
  const toast = useToast();
  // The text follows every tap and key at once; the server makes the same with the same function.
  const text = drafts.text;
  const textCard = useRef<HTMLDivElement>(null);
  const shareFiles = useMemo(canShareFiles, []);
  const image = useOrderImage(textCard, text, { renderAhead: shareFiles });
  const [offerClear, setOfferClear] = useState(false);
  const sending = useSendOrder({ orderId: order?.id, supplier, drafts, onSent: () => setOfferClear(true) });
  const clearOrder = useClearOrder(order?.supplierId ?? 0, {
    onSuccess() {
      setOfferClear(false);
      toast.success(t('products.cleared'));
    },
    onError: () => toast.error(t('products.clearError')),
  });
  const noCountryCode =
    supplier?.messageService === 'whatsapp' && supplier.contactInfo !== '' && !isInternationalNumber(supplier.contactInfo);

  return (
    <Card title={t('orders.orderText')}>
      <StatusLine aria-live="polite">{updating ? t('orders.updating') : ''}</StatusLine>
      <CaptureArea ref={textCard}>
        <Preformatted empty={!text} data-testid="order-text">
          {text || t('orders.emptyOrder')}
        </Preformatted>
      </CaptureArea>
      {!drafts.hasLines ? <Hint>{t('orders.nothingToSend')}</Hint> : null}
      {noCountryCode && supplier ? (
        <Hint data-testid="no-country-code">
          {t('orders.noCountryCode')} <Link href={href('suppliers.edit', { id: supplier.id })}>{t('suppliers.editTitle')}</Link>
        </Hint>
      ) : null}
      <ButtonRow>
        <Button ref={sendButton} disabled={!sending.canSend} onClick={() => void sending.send()}>
          {supplier ? t('orders.sendThrough', { service: sending.serviceName }) : t('orders.send')}
        </Button>
        {shareFiles ? (
          <Button
            variant="ghost"
            disabled={!sending.canSend}
            data-image-ready={image.file ? 'true' : 'false'}
            onClick={() => void sending.shareImage(image)}
          >
            {t('orders.shareWithImage')}
          </Button>
        ) : null}
      </ButtonRow>
      {offerClear ? (
        <Offer>
          <p>
            <strong>{t('orders.clearAfterSendTitle')}</strong> {t('orders.clearAfterSend')}
          </p>
          <ButtonRow>
            <Button variant="ghost" onClick={() => setOfferClear(false)}>
              {t('orders.keepIt')}
            </Button>
            <Button variant="danger" busy={clearOrder.isPending} onClick={() => order && clearOrder.mutate({ orderId: order.id })}>
              {t('orders.clearNow')}
            </Button>
          </ButtonRow>
        </Offer>
      ) : null}
      <ButtonRow>
        <CopyButton label={t('orders.copyText')} disabled={!text} copy={() => navigator.clipboard.writeText(text)} />
        <CopyButton
          label={t('orders.copyImage')}
          variant="ghost"
          disabled={!text}
          copy={() => navigator.clipboard.write([new ClipboardItem({ 'image/png': image.blob() })])}
        />
      </ButtonRow>
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
    </Card>
  );
}
