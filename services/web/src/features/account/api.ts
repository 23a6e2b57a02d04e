import type { TCreatedApiToken, TUser } from '@reorder/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { businessStore } from '../../lib/business.ts';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { sessionStore, useSession } from '../../lib/session.ts';
import { apiClient, trpc } from '../../lib/trpc.ts';
import { useBusinesses } from '../businesses/api.ts';

/**
 * Saves the owner's profile (`PUT /users/me`): the language switch, the
 * profile form and the reminders card all save through it, and the session
 * takes the user the server answers, so every screen shows it at once.
 */
export function useUpdateMe(callbacks: { onSuccess?(user: TUser): void; onError?(error: unknown): void } = {}) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.users.updateMe.mutationOptions({
      onSuccess(updated) {
        sessionStore.setUser(updated);
        // `businessName` is the active business's (docs/decisions.md §8.2): the list of businesses says so at once.
        const active = businessStore.get(updated.id);
        queryClient.setQueryData(trpc.businesses.list.queryKey({}), (list) =>
          list?.map((business, i) =>
            business.id === active || (active === undefined && i === 0) ? { ...business, name: updated.businessName } : business,
          ),
        );
        void queryClient.invalidateQueries(trpc.businesses.list.queryFilter());
        callbacks.onSuccess?.(updated);
      },
      onError: (error) => callbacks.onError?.(error),
    }),
  );
}

/** Deletes the account and everything in it; the screen then forgets the session (`useForgetSession`). */
export function useDeleteAccount() {
  return useMutation(trpc.users.deleteMe.mutationOptions());
}

/**
 * The businesses that go with the account (docs/decisions.md §8.2): those it
 * is the only owner of. Each business's members are asked in that business
 * (its own `X-Business-Id`), fresh each time the screen asks.
 */
export function useBusinessesErasedWithMe() {
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
          const members = await apiClient.businesses.members.query({}, { context: { businessId: business.id } });
          return members.some((member) => member.role === 'owner' && member.userId !== me) ? null : business;
        }),
      );
      return alone.filter((business) => business !== null);
    },
  });
}

/** A copy of everything in the account, always fresh: never one cached from an earlier download. */
export function useExportData() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.fetchQuery(trpc.users.export.queryOptions({}, { staleTime: 0, gcTime: 0 })), [queryClient]);
}

/** Sends the verification link again. */
export function useResendVerification(callbacks: MutationCallbacks<unknown>) {
  return useMutation(trpc.auth.resendVerification.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}

/** Ends the session of another device; the list of sessions is read again. */
export function useEndSession(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.endSession.mutationOptions({
      onSuccess(result) {
        callbacks.onSuccess?.(result);
        void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}

/** Ends every session of the account, this one too: this device forgets the session and every cached answer. */
export function useSignOutEverywhere(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.logoutAll.mutationOptions({
      onSuccess(result) {
        sessionStore.clear();
        queryClient.clear();
        callbacks.onSuccess?.(result);
      },
      onError: callbacks.onError,
    }),
  );
}

/** Makes a personal API token (its secret comes once, in the answer); the list of tokens is read again. */
export function useCreateApiToken(callbacks: MutationCallbacks<TCreatedApiToken>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.createToken.mutationOptions({
      onSuccess(created) {
        callbacks.onSuccess?.(created);
        void queryClient.invalidateQueries(trpc.auth.tokens.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}

/** Revokes a personal API token; the list of tokens is read again. */
export function useRevokeApiToken(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.auth.revokeToken.mutationOptions({
      onSuccess(result) {
        callbacks.onSuccess?.(result);
        void queryClient.invalidateQueries(trpc.auth.tokens.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}

/** Keeps this browser's Web Push subscription on the account (reminders, confirmations); the list of devices is read again. */
export function useSavePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.push.subscribe.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries(trpc.push.list.queryFilter()) }),
  );
}

/** Forgets this browser's Web Push subscription; the list of devices is read again. */
export function useDeletePushSubscription() {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.push.unsubscribe.mutationOptions({ onSettled: () => void queryClient.invalidateQueries(trpc.push.list.queryFilter()) }),
  );
}

/** Stops notifications on another browser of the account (docs/decisions.md §9.7); the list of devices is read again. */
export function useRemovePushDevice(callbacks: MutationCallbacks<unknown>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.push.remove.mutationOptions({
      onSuccess(result) {
        callbacks.onSuccess?.(result);
        void queryClient.invalidateQueries(trpc.push.list.queryFilter());
      },
      onError: callbacks.onError,
    }),
  );
}
