import { formatAmount } from '@reorder/schemas/order-text';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import type { LastReceived } from './api.ts';
import './arrival.css';
import { receivedTime } from './received-time.ts';

/**
 * "Received 12 · today 10:42" on an order line (docs/decisions.md §9.4): what
 * the supplier's latest closed delivery brought of the product, and when
 * (`useLastReceived`, read once for the whole list).
 */
export function ReceivedNote({ received }: { received: LastReceived | undefined }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession()?.user.timeZone;
  if (!received) return null;
  const when = receivedTime(received.at, timeZone, i18n.language);
  const time = when.today ? t('receiving.today', { time: when.text }) : when.text;
  return (
    <span className="received-note" data-testid="received-note">
      {t('receiving.receivedOn', { quantity: formatAmount(received.quantity, i18n.language as 'en' | 'es'), time })}
    </span>
  );
}
