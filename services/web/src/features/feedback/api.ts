import { useMutation } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

/** Sends the owner's feedback to the team (nothing cached changes). */
export function useSendFeedback(callbacks: MutationCallbacks<unknown>) {
  return useMutation(trpc.feedback.send.mutationOptions({ onSuccess: callbacks.onSuccess, onError: callbacks.onError }));
}
