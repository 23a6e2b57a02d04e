import { ZPutStandingInput, ZSkipStandingInput, ZStandingIdInput, ZStandingOrder } from '@reorder/schemas';
import { SIGNED_IN_ERRORS } from '../errors.ts';
import { memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { AUTO_SEND_EMAIL_ONLY, getStanding, putStanding, skipStanding } from './standing.service.ts';

const tags = ['standing'];
const NOT_FOUND = { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Supplier not found' };

/**
 * A supplier's standing order (docs/decisions.md §9.5): every member reads it
 * and may skip a delivery ("Saltar", from the prepared order's message, which
 * goes to every member with reminders on); owners and managers set it, as
 * they set the supplier.
 */
export const standingRouter = router({
  get: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/suppliers/{id}/standing',
        tags,
        summary: "A supplier's standing order",
        description:
          'Quantities per delivery weekday, prepared into the empty current order `prepareHoursBefore` the cut-off. A supplier nobody set one for answers it off and empty.',
      },
      message: 'Standing order loaded',
      errors: NOT_FOUND,
    })
    .input(ZStandingIdInput)
    .output(ZStandingOrder)
    .query(({ ctx, input }) => getStanding(ctx, input.id)),

  put: memberProcedure
    .meta({
      role: 'manager',
      openapi: {
        method: 'PUT',
        path: '/suppliers/{id}/standing',
        tags,
        summary: "Set a supplier's standing order",
        description:
          "The whole standing order: `lines` (each product of the supplier's order once, quantities per delivery weekday `mon` … `sun`), `prepareHoursBefore` (1 to 48, default 12), `autoSend` (email suppliers only) and `pausedDates` (at most 60). Saved after its prepare moment but before the cut-off, the order is prepared at once.",
      },
      message: 'Standing order saved',
      errors: { ...NOT_FOUND, BAD_REQUEST: AUTO_SEND_EMAIL_ONLY },
    })
    .input(ZPutStandingInput)
    .output(ZStandingOrder)
    .mutation(({ ctx, input }) => putStanding(ctx, input)),

  skip: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'POST',
        path: '/suppliers/{id}/standing/skip',
        tags,
        summary: 'Skip a delivery of the standing order',
        description:
          '"Skip" from the prepared order\'s message: adds `date` to `pausedDates`, so that delivery is not prepared, and a prepared order is not sent by itself.',
      },
      message: 'Delivery skipped',
      errors: { ...NOT_FOUND, BAD_REQUEST: 'Date must be a date like 2026-12-05' },
    })
    .input(ZSkipStandingInput)
    .output(ZStandingOrder)
    .mutation(({ ctx, input }) => skipStanding(ctx, input.id, input.date)),
});
