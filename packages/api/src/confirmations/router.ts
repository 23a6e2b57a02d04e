import { ZAnswerConfirmationInput, ZConfirmationTokenInput, ZPublicConfirmation } from '@reorder/schemas';
import { publicProcedure, router } from '../trpc.ts';
import { answerConfirmation, CONFIRMATION_NOT_FOUND, CONFIRMATION_NOT_YET, viewConfirmation } from './confirmations.service.ts';

const tags = ['confirmations'];
const errors = {
  NOT_FOUND: CONFIRMATION_NOT_FOUND,
  CONFLICT: CONFIRMATION_NOT_YET,
  TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 15 minutes.',
};

/**
 * The supplier's side of a sent order (docs/decisions.md §6.4): no account, only
 * the token of the link in the order text. Nothing of the owner beyond that
 * order is reachable from it.
 */
export const confirmationsRouter = router({
  view: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/public/confirmations/{token}',
        tags,
        protect: false,
        summary: 'A sent order, as its supplier sees it',
        description:
          'For the confirmation page at `/confirm/<token>`: the business, the message, the lines and the answer so far. Unknown, expired (after 14 days) and revoked links answer 404. A link whose send has not reached the server yet (the device sent it offline and has not synced) answers 409 with `Retry-After`: open it again later. Rate-limited per IP.',
      },
      message: 'Order loaded',
      errors,
    })
    .input(ZConfirmationTokenInput)
    .output(ZPublicConfirmation)
    .query(({ ctx, input }) => viewConfirmation(ctx, input.token)),

  answer: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/public/confirmations/{token}',
        tags,
        protect: false,
        summary: 'The supplier answers a sent order',
        description:
          'The lines that cannot be delivered (none: confirmed; all: declined; else partial), a note and a delivery date. It can be changed until the link expires, at most 10 times an hour (then 429); the owner gets an email and a push notification, at most once per 5 minutes per link. 404 and 409 as for the GET.',
      },
      message: 'Thank you! Your answer was sent.',
      errors,
    })
    .input(ZAnswerConfirmationInput)
    .output(ZPublicConfirmation)
    .mutation(({ ctx, input }) => answerConfirmation(ctx, input)),
});
