import type { TSentOrder, TSupplier } from '@reorder/schemas';
import { Link } from 'wouter';
import { formatShortDate } from '../../lib/format-date.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { href } from '../../lib/paths.ts';
import { withReturn } from '../../lib/redirect.ts';
import { Card } from '../../ui/Card.tsx';
import { InlineLinks } from '../../ui/layout.tsx';
import { ConfirmationStatus, hasConfirmation } from './ConfirmationStatus.tsx';

/**
 * The supplier, in two short lines above the products: how the order goes
 * out and to whom, when it last did (its answer stands under the message, in
 * view on a phone too: `LastSendAnswer`), and the way to the supplier's details and
 * history (the details' form for those who may change suppliers: `canEdit`).
 * A note, when the supplier has one, follows.
 */
export function OrderHeader({ supplier, lastSent, canEdit }: { supplier: TSupplier; lastSent: TSentOrder | undefined; canEdit: boolean }) {
  const { t, i18n } = useTranslation();
  const to = [supplier.contactInfo, supplier.contactName].filter(Boolean).join(' · ');
  return (
    <Card size="sm" label={t('orders.supplierInfo')} className="order-top__supplier" id="order-supplier">
      <p className="card__line">
        <span className="card__line-label">{t('orders.sendVia')}</span>{' '}
        <strong>{t(`suppliers.services.${supplier.messageService}`)}</strong>
        {to ? ` · ${to}` : ''}
      </p>
      {supplier.note ? (
        <p className="card__line">
          <span className="card__line-label">{t('orders.notes')}</span> {supplier.note}
        </p>
      ) : null}
      <InlineLinks wrap>
        <span>
          {lastSent ? t('orders.lastOrdered', { date: formatShortDate(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
        </span>
        {canEdit ? (
          <Link href={withReturn(href('suppliers.edit', { id: supplier.id }), href('orders.order', { supplierId: supplier.id }))}>
            {t('orders.supplierDetails')}
          </Link>
        ) : null}
        <Link href={href('orders.history', { supplierId: supplier.id })}>{t('orders.history')}</Link>
        {canEdit ? (
          // docs/decisions.md §9.5: the standing order, a weekly grid, comes back to the order.
          <Link href={withReturn(href('suppliers.standing', { id: supplier.id }), href('orders.order', { supplierId: supplier.id }))}>
            {t('week.standing')}
          </Link>
        ) : null}
      </InlineLinks>
    </Card>
  );
}

/** What the supplier answered to the last send, in one short line under the message: on a phone it stays in view while the details fold. */
export function LastSendAnswer({ lastSent }: { lastSent: TSentOrder | undefined }) {
  if (!lastSent || !hasConfirmation(lastSent)) return null;
  return (
    <p className="order-top__answer">
      <ConfirmationStatus sent={lastSent} compact />
    </p>
  );
}
