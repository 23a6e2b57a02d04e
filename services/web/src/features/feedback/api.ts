import { useMutation } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../lib/mutations.ts';
import { trpc } from '../../lib/trpc.ts';

/** Sends the owner's feedback to the team (nothing cached changes). */
export function useSendFeedback(callbacks: MutationCallbacks<unknown>) {
  return useMutation(trpc.feedback.send.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}
