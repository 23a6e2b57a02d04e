import type { TSupplier } from '@reorder/schemas';
import { isInternationalNumber } from '@reorder/schemas/send-links';
import type { Ref } from 'react';
import { Link } from 'wouter';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { withReturn } from '../../lib/redirect.ts';
import { Card } from '../../ui/Card.tsx';
import { CaptureArea, Hint, StatusLine } from '../../ui/layout.tsx';
import { OrderTextCopy, OrderTextView } from './OrderTextView.tsx';
import type { useOrderChanges } from './use-order-changes.ts';
import type { useOrderImage } from './use-order-image.ts';
import type { useSendOrder } from './use-send-order.ts';

type OrderChanges = ReturnType<typeof useOrderChanges>;

/**
 * The order as it will be sent, with Copy text and Copy as image. Its text is
 * the one the image is made of (`captureRef`). Sending is in the send bar.
 */
export function OrderTextCard({
  supplier,
  drafts,
  sending,
  updating,
  image,
  captureRef,
}: {
  supplier: TSupplier | undefined;
  drafts: OrderChanges;
  sending: ReturnType<typeof useSendOrder>;
  updating: boolean;
  image: ReturnType<typeof useOrderImage>;
  captureRef: Ref<HTMLDivElement>;
}) {
  const { t } = useTranslation();
  const noCountryCode =
    supplier?.messageService === 'whatsapp' && supplier.contactInfo !== '' && !isInternationalNumber(supplier.contactInfo);
  return (
    <Card title={t('orders.orderText')}>
      <StatusLine aria-live="polite">{updating ? t('orders.updating') : ''}</StatusLine>
      <CaptureArea ref={captureRef}>
        <OrderTextView text={drafts.text} testId="order-text" />
      </CaptureArea>
      {!drafts.hasLines ? <Hint>{t('orders.nothingToSend')}</Hint> : null}
      {drafts.hasLines && supplier?.askConfirmation && supplier.messageService !== 'phone' ? (
        <Hint data-testid="confirm-link-note">{t('orders.confirmLinkNote', { supplier: supplier.name })}</Hint>
      ) : null}
      {noCountryCode && supplier ? (
        <Hint data-testid="no-country-code">
          {t('orders.noCountryCode')}{' '}
          <Link href={withReturn(href('suppliers.edit', { id: supplier.id }), href('orders.order', { supplierId: supplier.id }))}>
            {t('suppliers.editTitle')}
          </Link>
        </Hint>
      ) : null}
      <OrderTextCopy sending={sending} hasText={drafts.text !== ''} image={image} />
    </Card>
  );
}
