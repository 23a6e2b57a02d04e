import { ZFeedback, ZFeedbackInput } from '@reorder/schemas';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { feedbackEmail } from '../mail/messages.ts';
import { accountProcedure, TOKEN_FORBIDDEN } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { insertFeedback } from './feedback.repository.ts';

export const feedbackRouter = router({
  send: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/feedbacks',
        tags: ['feedback'],
        summary: 'Send feedback',
        description:
          'Stored, and emailed to the team when FEEDBACK_TO is set, with Reply-To set to your account’s email. At most 10 per hour.',
      },
      message: 'Thanks, your feedback was successful',
      errors: {
        ...SIGNED_IN_ERRORS,
        FORBIDDEN: TOKEN_FORBIDDEN,
        BAD_REQUEST: 'Feedback is required',
        TOO_MANY_REQUESTS: 'Too many attempts. Please try again in 60 minutes.',
      },
    })
    .input(ZFeedbackInput)
    .output(ZFeedback)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.hit(ctx.rateRules.feedbackPerUser, String(ctx.user.id));
      const feedback = await insertFeedback(ctx.db, ctx.user.id, input);
      const to = ctx.settings.feedbackTo;
      if (to) {
        // Stored first: a mail failure is logged and does not lose the feedback. Answers go to the
        // account's own address, never to one the caller typed (no relaying mail through us).
        const replyTo = ctx.user.email;
        ctx.background.run('feedback email', () =>
          ctx.mailer.send({ to, replyTo, ...feedbackEmail({ ...input, username: ctx.user.username }) }),
        );
      }
      return feedback;
    }),
});
