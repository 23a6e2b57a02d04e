import type { TOrder, TSentOrder, TSupplier } from '@reorder/schemas';
import { useTranslation } from '../../lib/i18n.ts';
import { Icon } from '../../ui/Icon.tsx';
import { useActiveBusiness } from '../businesses/api.ts';
import { MessageCard } from './MessageCard.tsx';
import { messageSuggestions } from './message-suggestions.ts';
import { LastSendAnswer, OrderHeader } from './OrderHeader.tsx';
import { ReadyNote } from './ReadyNote.tsx';
import type { useOrderChanges } from './use-order-changes.ts';

type OrderDrafts = ReturnType<typeof useOrderChanges>;

/**
 * The order screen's top (order-screen.css): the supplier, the message with
 * the messages one tap puts in it, the supplier's answer to the last send
 * and, for a manager, who said the order is ready. On a phone the
 * supplier's details fold behind a button on the message's line
 * (`supplierOpen`, kept by the screen).
 */
export function OrderTop({
  supplier,
  order,
  drafts,
  lastSent,
  canManage,
  supplierOpen,
  setSupplierOpen,
}: {
  supplier: TSupplier | undefined;
  order: TOrder | undefined;
  drafts: OrderDrafts;
  lastSent: TSentOrder | undefined;
  canManage: boolean;
  supplierOpen: boolean;
  setSupplierOpen: (open: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const business = useActiveBusiness();
  return (
    <div className={`order-top ${supplierOpen ? 'order-top--open' : ''}`}>
      {supplier ? <OrderHeader supplier={supplier} lastSent={lastSent} canEdit={canManage} /> : null}
      <MessageCard
        drafts={drafts}
        aside={
          supplier ? (
            <button
              type="button"
              className="order-top__toggle"
              aria-expanded={supplierOpen}
              aria-controls="order-supplier"
              aria-label={t('orders.supplierInfo')}
              onClick={() => setSupplierOpen(!supplierOpen)}
            >
              <Icon name="info" size={22} />
            </button>
          ) : null
        }
        loaded={order !== undefined}
        suggestions={
          supplier
            ? messageSuggestions({
                language: i18n.language,
                contactName: supplier.contactName,
                businessName: business?.name ?? '',
                nextDelivery: supplier.nextDelivery,
                lastMessage: lastSent?.introduce,
                current: drafts.message,
              })
            : []
        }
      />
      <LastSendAnswer lastSent={lastSent} />
      {canManage && order?.ready ? (
        <p className="order-top__answer">
          <ReadyNote ready={order.ready} />
        </p>
      ) : null}
    </div>
  );
}
