import type { TUser } from '@reorder/schemas';
import { setLanguage } from './i18n.ts';
import { sessionStore } from './session.ts';

/**
 * Keeps a new session (sign-in, sign-up, social sign-in) and shows the app in
 * the language saved on the account, so a new device speaks the owner's
 * language from the first screen.
 */
export function startSession(session: { token: string; user: TUser }): void {
  sessionStore.set(session.token, session.user);
  void setLanguage(session.user.language);
}
