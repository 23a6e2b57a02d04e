import { formatAmount } from '@reorder/schemas/order-text';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useLastReceived } from './api.ts';
import './receiving.css';
import { receivedTime } from './when.ts';

/**
 * "Received 12 · today 10:42" on an order line (docs/decisions.md §9.4): what
 * the supplier's latest closed delivery brought of the product, and when.
 */
export function ReceivedNote({ supplierId, productId }: { supplierId: number; productId: number }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession()?.user.timeZone;
  const received = useLastReceived(supplierId).get(productId);
  if (!received) return null;
  const when = receivedTime(received.at, timeZone, i18n.language);
  const time = when.today ? t('receiving.today', { time: when.text }) : when.text;
  return (
    <span className="received-note" data-testid="received-note">
      {t('receiving.receivedOn', { quantity: formatAmount(received.quantity, i18n.language as 'en' | 'es'), time })}
    </span>
  );
}
