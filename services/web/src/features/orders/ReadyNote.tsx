import type { TOrderReady } from '@reorder/schemas';
import { useTranslation } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import './ReadyNote.css';

/** When "Ready to send" was said, in the member's time zone: the time today ("10:42"), else the day too ("27 nov, 10:42"). */
function readyTime(iso: string, timeZone: string | undefined, language: string, now = Date.now()): string {
  const at = new Date(iso);
  const day = (date: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
  const time = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const options: Intl.DateTimeFormatOptions =
    day(at) === day(new Date(now)) ? { timeZone, ...time } : { timeZone, day: 'numeric', month: 'short', ...time };
  return new Intl.DateTimeFormat(language, options).format(at);
}

/**
 * "Ready to send · Javi · 10:42" (docs/decisions.md §9.3): a member said the
 * order is prepared, and it has not been sent or changed since. For those who
 * send (owners and managers); nothing when the order is not ready.
 */
export function ReadyNote({ ready, className }: { ready: TOrderReady | undefined; className?: string }) {
  const { t, i18n } = useTranslation();
  const timeZone = useSession()?.user.timeZone;
  if (!ready) return null;
  return (
    <span className={`ready-note ${className ?? ''}`} data-testid="ready-note">
      {t('orders.readyBy', { name: ready.by.fullName, time: readyTime(ready.at, timeZone, i18n.language) })}
    </span>
  );
}
