import { LIMITS, ZBusiness, ZCreateBusinessInput, ZUpdateBusinessInput } from '@reorder/schemas';
import { z } from 'zod';
import { AppError, found, SIGNED_IN_ERRORS } from '../errors.ts';
import { authedProcedure, memberProcedure } from '../sessions/require-user.ts';
import { router } from '../trpc.ts';
import { findBusiness, insertBusiness, listBusinesses, lockAndCountOwnedBusinesses, updateBusiness } from './businesses.repository.ts';

const tags = ['businesses'];
const TOO_MANY_BUSINESSES = `You can own at most ${LIMITS.businessesPerUser} businesses.`;

/** The user's businesses: `GET /businesses`, a new one, and the active one (docs/decisions.md §8.2). */
export const businessesRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/businesses',
        tags,
        summary: 'List your businesses',
        description:
          'Every business you are a member of, with your role in each, first joined first. Send a business id as `X-Business-Id` to act in it; without the header, calls act in the first one.',
      },
      message: 'Businesses loaded',
      errors: { ...SIGNED_IN_ERRORS },
    })
    .input(z.object({}))
    .output(z.array(ZBusiness))
    .query(({ ctx }) => listBusinesses(ctx.db, ctx.user.id)),

  create: authedProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/businesses',
        tags,
        summary: 'Add a business',
        description: `A second café, say: you own it, and it starts empty. At most ${LIMITS.businessesPerUser} businesses owned per user.`,
      },
      message: 'Business created',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: TOO_MANY_BUSINESSES },
    })
    .input(ZCreateBusinessInput)
    .output(ZBusiness)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction().execute(async (tx) => {
        if ((await lockAndCountOwnedBusinesses(tx, ctx.user.id)) >= LIMITS.businessesPerUser) {
          throw new AppError('BAD_REQUEST', TOO_MANY_BUSINESSES);
        }
        return insertBusiness(tx, ctx.user.id, input.name);
      });
      return found(await findBusiness(ctx.db, ctx.user.id, id), 'Business');
    }),

  active: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/business',
        tags,
        summary: 'The active business',
        description: 'The one `X-Business-Id` names, else the first you joined; with your role in it.',
      },
      message: 'Business loaded',
      errors: { ...SIGNED_IN_ERRORS },
    })
    .input(z.object({}))
    .output(ZBusiness)
    .query(async ({ ctx }) => found(await findBusiness(ctx.db, ctx.user.id, ctx.business.id), 'Business')),

  update: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'PUT',
        path: '/business',
        tags,
        summary: 'Rename the active business, or change its currency',
        description: 'Owners only. `currency` is an ISO 4217 code (e.g. EUR, USD, MXN).',
      },
      message: 'Business updated',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Currency must be an ISO 4217 code, e.g. EUR' },
    })
    .input(ZUpdateBusinessInput)
    .output(ZBusiness)
    .mutation(async ({ ctx, input }) => {
      await updateBusiness(ctx.db, ctx.business.id, input);
      return found(await findBusiness(ctx.db, ctx.user.id, ctx.business.id), 'Business');
    }),
});
