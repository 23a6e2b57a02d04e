import type { ApiDeps } from '../context.ts';
import type { MailMessage } from './mailer.ts';
import { type PushMessage, pushToOwner } from './push.ts';

/**
 * What a notice needs of the owner it goes to: where to write, the name to
 * greet, and the language and time zone to write in. Selected beside what
 * the notice is about, from a query that joins `users` (the reminder's
 * supplier, the confirmed sent order), so one query reads both.
 */
export const OWNER_COLUMNS = ['users.email', 'users.full_name', 'users.language', 'users.time_zone'] as const;

/** Who a notice goes to: the user (for the browsers they allowed) and their email address. */
export interface NoticeOwner {
  userId: number;
  email: string;
}

/**
 * Tells the owner of something that happened: the email first, then a push
 * to each browser where they allowed notifications (subscriptions the push
 * service says are gone are removed). Reminders and the supplier's
 * confirmations both tell the owner this way.
 */
export async function notifyOwner(
  deps: Pick<ApiDeps, 'db' | 'mailer' | 'push' | 'logger'>,
  owner: NoticeOwner,
  notice: { mail: Omit<MailMessage, 'to'>; push: PushMessage },
): Promise<void> {
  await deps.mailer.send({ to: owner.email, ...notice.mail });
  await pushToOwner(deps, owner.userId, notice.push);
}
