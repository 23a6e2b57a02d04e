import type { TSentOrder, TSupplier } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { href } from '../../lib/paths.ts';
import { Card } from '../../ui/Card.tsx';
import { Details, InlineLinks } from '../../ui/layout.tsx';

/**
 * The supplier, compactly, above the products: how the order goes out, to
 * whom, when it last did, and the way to the supplier's details and history.
 */
export function OrderHeader({ supplier, lastSent }: { supplier: TSupplier; lastSent: TSentOrder | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Card size="sm" label={t('orders.supplierInfo')}>
      <Details compact>
        <dt>{t('orders.sendVia')}</dt>
        <dd>
          {t(`suppliers.services.${supplier.messageService}`)}
          {supplier.contactInfo ? ` · ${supplier.contactInfo}` : ''}
          {supplier.contactName ? ` · ${supplier.contactName}` : ''}
        </dd>
        {supplier.note ? (
          <>
            <dt>{t('orders.notes')}</dt>
            <dd>{supplier.note}</dd>
          </>
        ) : null}
      </Details>
      <InlineLinks wrap>
        <span>
          {lastSent ? t('orders.lastOrdered', { date: formatDateTime(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
        </span>
        <Link href={href('suppliers.edit', { id: supplier.id })}>{t('orders.supplierDetails')}</Link>
        <Link href={href('orders.history', { supplierId: supplier.id })}>{t('orders.history')}</Link>
      </InlineLinks>
    </Card>
  );
}
