import type { Db } from '@reorder/db';
import { revokeApiTokens } from '../api-tokens/api-tokens.repository.ts';
import { endSessions } from '../sessions/sessions.repository.ts';
import { retireEmailTokens } from './email-tokens.repository.ts';
import { retireResetTokens } from './reset-tokens.repository.ts';

/**
 * The first proof that someone holds the account's address (docs/decisions.md
 * §8.6): a password reset, a verification link opened without the account's
 * own session, a Google or Facebook sign-in that takes the account over. Who
 * registered the address before proves nothing, so everything set up before
 * ends with it: every session, every API token, every push subscription
 * (they would carry the owner's reminders to someone else's browser) and
 * every open reset or verification link. Run it in the transaction that
 * records the proof; the caller sets the password (or removes it).
 */
export async function endAccessBeforeProof(tx: Db, userId: number): Promise<void> {
  await endSessions(tx, userId);
  await revokeApiTokens(tx, userId);
  // The reminders' table, ended here in the same transaction: a domain import would run the wrong way (users/ is below reminders/).
  await tx.deleteFrom('push_subscriptions').where('user_id', '=', userId).execute();
  await retireResetTokens(tx, userId);
  await retireEmailTokens(tx, userId);
}
