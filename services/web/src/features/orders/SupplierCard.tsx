import type { TSentOrder, TSupplier } from '@reorder/schemas';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDateTime } from '../../app/format-date.ts';
import { href } from '../../lib/paths.ts';
import { Card } from '../../ui/Card.tsx';
import { Details, InlineLinks, StatusLine } from '../../ui/layout.tsx';

/** Who the order goes to and how, when it was last sent, and the way to its history and details. */
export function SupplierCard({ supplier, lastSent }: { supplier: TSupplier; lastSent: TSentOrder | undefined }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('orders.supplierInfo')} size="sm">
      <Details compact>
        <dt>{t('suppliers.name')}</dt>
        <dd>{supplier.name}</dd>
        {supplier.contactName ? (
          <>
            <dt>{t('orders.contact')}</dt>
            <dd>{supplier.contactName}</dd>
          </>
        ) : null}
        <dt>{t('orders.sendVia')}</dt>
        <dd>
          {t(`suppliers.services.${supplier.messageService}`)}
          {supplier.contactInfo ? ` · ${supplier.contactInfo}` : ''}
        </dd>
        {supplier.note ? (
          <>
            <dt>{t('orders.notes')}</dt>
            <dd>{supplier.note}</dd>
          </>
        ) : null}
      </Details>
      <StatusLine>
        {lastSent ? t('orders.lastOrdered', { date: formatDateTime(lastSent.sentAt, i18n.language) }) : t('orders.neverOrdered')}
      </StatusLine>
      <InlineLinks>
        <Link href={href('orders.history', { supplierId: supplier.id })}>{t('orders.history')}</Link>
        <Link href={href('suppliers.edit', { id: supplier.id })}>{t('suppliers.editTitle')}</Link>
      </InlineLinks>
    </Card>
  );
}
