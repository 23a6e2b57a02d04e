import type { TUser } from '@reorder/schemas';
import { rememberDevice } from './device-token.ts';
import { setLanguage } from './i18n.ts';
import { sessionStore } from './session.ts';

/**
 * Keeps a new session (sign-in, sign-up, social sign-in) and shows the app in
 * the language saved on the account, so a new device speaks the owner's
 * language from the first screen; and keeps its token as this device's proof
 * for the next sign-in to that account (device-token.ts).
 */
export function startSession(session: { token: string; user: TUser }): void {
  sessionStore.set(session.token, session.user);
  rememberDevice(session.user.email, session.token);
  void setLanguage(session.user.language);
}
