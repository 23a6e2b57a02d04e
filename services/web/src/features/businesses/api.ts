import type { TBusiness, TInvitation, TMember } from '@reorder/schemas';
import { type Role, roleAllows } from '@reorder/schemas/roles';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { businessStore, useChosenBusiness } from '../../lib/business.ts';
import { type MutationCallbacks, useRefreshing } from '../../lib/mutations.ts';
import { sessionStore, useSession } from '../../lib/session.ts';
import { trpc } from '../../lib/trpc.ts';

/** The businesses the signed-in user is a member of, first joined first, with their role in each. */
export function useBusinesses() {
  const signedIn = useSession() !== null;
  return useQuery(trpc.businesses.list.queryOptions({}, { enabled: signedIn, staleTime: 60_000 }));
}

/** When this page opened: answers older than this came from the offline copy. */
const PAGE_OPENED = Date.now();

/**
 * The business this device acts in and the user's role there: the one chosen
 * here, else the first joined (the server's default), which is then pinned,
 * so that every later call (and every change waiting offline) names it.
 * Undefined until the list of businesses is known, and while a chosen
 * business missing from the offline copy's list is asked of the server.
 */
export function useActiveBusiness(): TBusiness | undefined {
  const session = useSession();
  const userId = session?.user.id;
  const chosen = useChosenBusiness(userId);
  const { data: businesses, dataUpdatedAt, refetch } = useBusinesses();
  const found = businesses?.find((b) => b.id === chosen);
  // A list read before this page opened (the offline copy, app/data.tsx) may predate a business just
  // joined: the choice is not undone on its word, only on the server's (the list is read again at once).
  const heard = found !== undefined || chosen === undefined || dataUpdatedAt >= PAGE_OPENED;
  const active = found ?? (heard ? businesses?.[0] : undefined);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!heard) void refetch({ cancelRefetch: false });
  }, [heard, refetch]);
  useEffect(() => {
    // Every screen part that asks runs this effect with the same render's `chosen`: the store, read now,
    // says whether another already pinned it, so the cache is reset once, not once per caller.
    if (userId === undefined || !active || businessStore.get(userId) === active.id) return;
    businessStore.set(userId, active.id);
    // The business chosen here is gone (left, removed, erased): what was read in it is read again in this one.
    if (chosen !== undefined) void queryClient.resetQueries();
  }, [userId, active, chosen, queryClient]);
  // The session's business name (docs/decisions.md §8.2: the active business's) follows a rename or a switch.
  useEffect(() => {
    const user = sessionStore.get()?.user;
    if (user && active && user.businessName !== active.name) sessionStore.setUser({ ...user, businessName: active.name });
  }, [active]);
  return active;
}

/** Whether the user's role in the active business allows what needs `needed` (false while it is not known). */
export function useCan(needed: Role): boolean {
  const active = useActiveBusiness();
  return active !== undefined && roleAllows(active.role, needed);
}

/**
 * Switches the business this device acts in: every answer held is of the old
 * one, so the cache is emptied and the open screens read again.
 */
export function useSwitchBusiness() {
  const queryClient = useQueryClient();
  return useCallback(
    (business: TBusiness) => {
      const user = sessionStore.get()?.user;
      if (!user) return;
      businessStore.set(user.id, business.id);
      sessionStore.setUser({ ...user, businessName: business.name });
      void queryClient.resetQueries();
    },
    [queryClient],
  );
}

/** Callbacks for a business the user now has (made or joined): the list is read again, and the device acts in it. */
function useEntering(callbacks: MutationCallbacks<TBusiness>) {
  const switchTo = useSwitchBusiness();
  return useRefreshing([trpc.businesses.list.queryFilter()], {
    onSuccess(business: TBusiness) {
      switchTo(business);
      callbacks.onSuccess?.(business);
    },
    onError: callbacks.onError,
  });
}

/** A new business the user owns ("Add a business"); the device then acts in it. */
export function useCreateBusiness(callbacks: MutationCallbacks<TBusiness>) {
  return useMutation(trpc.businesses.create.mutationOptions(useEntering(callbacks)));
}

/** Renames the active business (its owner); the header and the session show the new name. */
export function useUpdateBusiness(callbacks: MutationCallbacks<TBusiness>) {
  return useMutation(trpc.businesses.update.mutationOptions(useRefreshing([trpc.businesses.list.queryFilter()], callbacks)));
}

export function useMembers() {
  return useQuery(trpc.businesses.members.queryOptions({}));
}

export function useSetRole(callbacks: MutationCallbacks<TMember>) {
  const refreshing = useRefreshing([trpc.businesses.members.queryFilter(), trpc.businesses.list.queryFilter()], callbacks);
  return useMutation(trpc.businesses.setRole.mutationOptions(refreshing));
}

/**
 * Removes a member, or the user themself (leaving): having left, the device
 * goes back to the first business the user is still in.
 */
export function useRemoveMember(callbacks: MutationCallbacks<{ userId: number }>) {
  const queryClient = useQueryClient();
  return useMutation(
    trpc.businesses.removeMember.mutationOptions({
      async onSuccess(_result, { userId }) {
        if (userId === sessionStore.get()?.user.id) {
          businessStore.clear();
          await queryClient.resetQueries();
        } else await queryClient.invalidateQueries(trpc.businesses.members.queryFilter());
        callbacks.onSuccess?.({ userId });
      },
      onError: callbacks.onError,
    }),
  );
}

export function useInvitations(enabled: boolean) {
  return useQuery(trpc.businesses.invitations.queryOptions({}, { enabled }));
}

export function useInvite(callbacks: MutationCallbacks<TInvitation>) {
  return useMutation(trpc.businesses.invite.mutationOptions(useRefreshing([trpc.businesses.invitations.queryFilter()], callbacks)));
}

export function useRevokeInvitation(callbacks: MutationCallbacks<unknown>) {
  const refreshing = useRefreshing([trpc.businesses.invitations.queryFilter()], callbacks);
  return useMutation(trpc.businesses.revokeInvitation.mutationOptions(refreshing));
}

/** What an invitation link offers (public: the page shows it before anyone signs in). */
export function useInvitation(token: string) {
  return useQuery(trpc.invitations.byToken.queryOptions({ token }, { retry: false, staleTime: Number.POSITIVE_INFINITY }));
}

/** Accepts an invitation: the user joins the business and the device acts in it. */
export function useAcceptInvitation(callbacks: MutationCallbacks<TBusiness>) {
  return useMutation(trpc.invitations.accept.mutationOptions(useEntering(callbacks)));
}
