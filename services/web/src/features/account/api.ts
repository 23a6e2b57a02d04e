import type { TUser } from '@reorder/schemas';
import { trpc } from '../../app/trpc.ts';
import { sessionStore } from '../../lib/session.ts';

/**
 * Saves the owner's profile (`PUT /users/me`): the language switch, the
 * profile form and the reminders card all save through it, and the session
 * takes the user the server answers, so every screen shows it at once.
 */
export function useUpdateMe(callbacks: { onSuccess?(user: TUser): void; onError?(error: unknown): void } = {}) {
  return trpc.users.updateMe.useMutation({
    onSuccess(updated) {
      sessionStore.setUser(updated);
      callbacks.onSuccess?.(updated);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
