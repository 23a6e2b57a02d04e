import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import { accountProcedures } from './account/router.ts';
import { authRouter } from './auth/router.ts';
import { billsRouter } from './bills/router.ts';
import { businessesRouter, invitationsRouter } from './businesses/router.ts';
import { catalogueRouter } from './catalogue/router.ts';
import { configRouter } from './config/router.ts';
import { confirmationsRouter } from './confirmations/router.ts';
import { feedbackRouter } from './feedback/router.ts';
import { ordersRouter } from './orders/router.ts';
import { productProcedures } from './products/router.ts';
import { claimsRouter, receiptsRouter } from './receipts/router.ts';
import { pushRouter } from './reminders/router.ts';
import { spendRouter } from './spend/router.ts';
import { suppliersRouter } from './suppliers/router.ts';
import { createCallerFactory, router } from './trpc.ts';
import { userProcedures } from './users/router.ts';
import { webhooksRouter } from './webhooks/router.ts';

/** The one definition of the API: the typed client calls it at /api/trpc, REST scripts at /api. */
export const appRouter = router({
  auth: authRouter,
  businesses: businessesRouter,
  invitations: invitationsRouter,
  suppliers: suppliersRouter,
  products: router(productProcedures),
  catalogue: catalogueRouter,
  orders: ordersRouter,
  users: router({ ...accountProcedures, ...userProcedures }),
  feedback: feedbackRouter,
  config: configRouter,
  push: pushRouter,
  confirmations: confirmationsRouter,
  spend: spendRouter,
  webhooks: webhooksRouter,
  receipts: receiptsRouter,
  claims: claimsRouter,
  bills: billsRouter,
});

export type AppRouter = typeof appRouter;
/** Inputs of every procedure, e.g. `RouterInputs['suppliers']['create']`. */
export type RouterInputs = inferRouterInputs<AppRouter>;
/** Outputs of every procedure, e.g. `RouterOutputs['orders']['bySupplier']`. */
export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** Calls procedures in-process with a context (tests, scripts). */
export const createCaller = createCallerFactory(appRouter);
