import type { TSession, TUser } from '@reorder/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { signOutOfProviders } from '../../lib/providers.ts';
import { sessionStore } from '../../lib/session.ts';
import { apiClient, trpc } from '../../lib/trpc.ts';

/** Makes an account; the screen starts the session with the answer. */
export function useRegister(callbacks: MutationCallbacks<TSession>) {
  return useMutation(trpc.auth.register.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}

/** Asks for a reset link; `onSuccess` is told the address it was asked for. */
export function useForgotPassword(callbacks: MutationCallbacks<{ email: string }>) {
  return useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: (_data, input) => callbacks.onSuccess?.(input),
      onError: callbacks.onError,
    }),
  );
}

/** Sets a new password with the token from the email (no sign-in follows). */
export function useResetPassword(callbacks: MutationCallbacks<unknown>) {
  return useMutation(trpc.auth.resetPassword.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}

/**
 * Opens a verification link: resolves once the server took the token (and,
 * when signed in, the session holds the user's record as the server has it
 * now, which may carry a new email), rejects when the server refused it.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation(trpc.auth.verifyEmail.mutationOptions());
  return useCallback(
    async (token: string) => {
      await mutateAsync({ token });
      // The signed-in user's record first (it may carry a new email), then the success: "Continue" never shows the old one.
      try {
        if (sessionStore.get())
          sessionStore.setUser(
            (await queryClient.fetchQuery(trpc.users.byUsername.queryOptions({ username: 'me' }, { staleTime: 0 }))) as TUser,
          );
      } catch (error) {
        console.error('Could not refresh the signed-in user after verifying the email', error);
      }
    },
    [mutateAsync, queryClient],
  );
}

/** Forgets the session on this device: the token, the provider's sign-in where its SDK is loaded, and every cached answer. */
export function useForgetSession() {
  const queryClient = useQueryClient();
  return useCallback(() => {
    sessionStore.clear();
    signOutOfProviders();
    queryClient.clear();
  }, [queryClient]);
}

/**
 * Ends the session on the server (its token stops working at once) and
 * forgets it here. It never waits for the server: without a connection the
 * token is still forgotten.
 */
export function useSignOut() {
  const forget = useForgetSession();
  return useCallback(() => {
    const token = sessionStore.get()?.token;
    if (token) apiClient.auth.logout.mutate({}, { context: { token } }).catch((error) => console.error('Server sign-out failed', error));
    forget();
  }, [forget]);
}
