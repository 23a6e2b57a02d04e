import { ZFeedback, ZFeedbackInput } from '@reorder/schemas';
import { authedProcedure } from '../auth/require-user.ts';
import { feedbackEmail } from '../mail/messages.ts';
import { summarizeError } from '../platform/logger.ts';
import { router } from '../trpc.ts';
import { insertFeedback } from './feedback.repository.ts';

export const feedbackRouter = router({
  send: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/feedbacks',
        tags: ['feedback'],
        summary: 'Send feedback',
        description: 'Stored, and emailed to the team when FEEDBACK_TO is set.',
      },
      message: 'Thanks, your feedback was successful',
    })
    .input(ZFeedbackInput)
    .output(ZFeedback)
    .mutation(async ({ ctx, input }) => {
      const feedback = await insertFeedback(ctx.db, ctx.user.id, input);
      const to = ctx.settings.feedbackTo;
      if (to) {
        // Stored first: a mail failure is logged and does not lose the feedback.
        ctx.mailer
          .send({ to, replyTo: input.email, ...feedbackEmail({ ...input, username: ctx.user.username }) })
          .catch((error: unknown) => ctx.logger.error('feedback email failed', { feedbackId: feedback.id, ...summarizeError(error) }));
      }
      return feedback;
    }),
});
