import type { TCreatedApiToken, TUser } from '@reorder/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { businessStore } from '../../lib/business.ts';
import { sessionStore, useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';
import { useBusinesses } from '../businesses/api.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

/**
 * Saves the owner's profile (`PUT /users/me`): the language switch, the
 * profile form and the reminders card all save through it, and the session
 * takes the user the server answers, so every screen shows it at once.
 */
export function useUpdateMe(callbacks: { onSuccess?(user: TUser): void; onError?(error: unknown): void } = {}) {
  const utils = trpc.useUtils();
  return trpc.users.updateMe.useMutation({
    onSuccess(updated) {
      sessionStore.setUser(updated);
      // `businessName` is the active business's (docs/decisions.md §8.2): the list of businesses says so at once.
      const active = businessStore.get(updated.id);
      utils.businesses.list.setData({}, (list) =>
        list?.map((business, i) =>
          business.id === active || (active === undefined && i === 0) ? { ...business, name: updated.businessName } : business,
        ),
      );
      void utils.businesses.list.invalidate();
      callbacks.onSuccess?.(updated);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}

/** Deletes the account and everything in it; the screen then forgets the session (`useForgetSession`). */
export function useDeleteAccount() {
  return trpc.users.deleteMe.useMutation();
}

/**
 * The businesses that go with the account (docs/decisions.md §8.2): those it
 * is the only owner of. Each business's members are asked in that business
 * (its own `X-Business-Id`), fresh each time the screen asks.
 */
export function useBusinessesErasedWithMe() {
  const utils = trpc.useUtils();
  const me = useSession()?.user.id;
  const owned = (useBusinesses().data ?? []).filter((business) => business.role === 'owner');
  return useQuery({
    queryKey: ['erased-with-account', me, owned.map((business) => business.id)],
    enabled: me !== undefined,
    staleTime: 0,
    gcTime: 0,
    async queryFn() {
      const alone = await Promise.all(
        owned.map(async (business) => {
          const members = await utils.client.businesses.members.query({}, { context: { businessId: business.id } });
          return members.some((member) => member.role === 'owner' && member.userId !== me) ? null : business;
        }),
      );
      return alone.filter((business) => business !== null);
    },
  });
}

/** A copy of everything in the account, always fresh: never one cached from an earlier download. */
export function useExportData() {
  const utils = trpc.useUtils();
  return useCallback(() => utils.users.export.fetch({}, { staleTime: 0, gcTime: 0 }), [utils]);
}

/** Sends the verification link again. */
export function useResendVerification(callbacks: MutationCallbacks<unknown>) {
  return trpc.auth.resendVerification.useMutation({ onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}

/** Ends the session of another device; the list of sessions is read again. */
export function useEndSession(callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.auth.endSession.useMutation({
    onSuccess(result) {
      callbacks.onSuccess?.(result);
      void utils.auth.sessions.invalidate();
    },
    onError: callbacks.onError,
  });
}

/** Ends every session of the account, this one too: this device forgets the session and every cached answer. */
export function useSignOutEverywhere(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return trpc.auth.logoutAll.useMutation({
    onSuccess(result) {
      sessionStore.clear();
      queryClient.clear();
      callbacks.onSuccess?.(result);
    },
    onError: callbacks.onError,
  });
}

/** Makes a personal API token (its secret comes once, in the answer); the list of tokens is read again. */
export function useCreateApiToken(callbacks: MutationCallbacks<TCreatedApiToken>) {
  const utils = trpc.useUtils();
  return trpc.auth.createToken.useMutation({
    onSuccess(created) {
      callbacks.onSuccess?.(created);
      void utils.auth.tokens.invalidate();
    },
    onError: callbacks.onError,
  });
}

/** Revokes a personal API token; the list of tokens is read again. */
export function useRevokeApiToken(callbacks: MutationCallbacks<unknown>) {
  const utils = trpc.useUtils();
  return trpc.auth.revokeToken.useMutation({
    onSuccess(result) {
      callbacks.onSuccess?.(result);
      void utils.auth.tokens.invalidate();
    },
    onError: callbacks.onError,
  });
}

/** Keeps this browser's Web Push subscription on the account (reminders, confirmations). */
export function useSavePushSubscription() {
  return trpc.push.subscribe.useMutation();
}

/** Forgets this browser's Web Push subscription. */
export function useDeletePushSubscription() {
  return trpc.push.unsubscribe.useMutation();
}
