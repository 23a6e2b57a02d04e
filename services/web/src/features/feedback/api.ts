import { trpc } from '../../lib/trpc.ts';
import type { MutationCallbacks } from '../suppliers/api.ts';

/** Sends the owner's feedback to the team (nothing cached changes). */
export function useSendFeedback(callbacks: MutationCallbacks<unknown>) {
  return trpc.feedback.send.useMutation({ onSuccess: callbacks.onSuccess, onError: callbacks.onError });
}
