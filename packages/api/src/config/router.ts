import { ZPublicConfig, zNoInput } from '@reorder/schemas';
import { publicProcedure, router } from '../trpc.ts';

export const configRouter = router({
  get: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/config',
        tags: ['config'],
        summary: "The server's public settings",
        description:
          'Which sign-in providers are configured, with their public client ids, and the VAPID key browsers subscribe to reminders with.',
        protect: false,
      },
      message: 'Configuration loaded',
    })
    .input(zNoInput)
    .output(ZPublicConfig)
    .query(({ ctx }) => ({
      google: ctx.social.google ? { clientId: ctx.social.google.clientId } : null,
      facebook: ctx.social.facebook ? { appId: ctx.social.facebook.appId } : null,
      vapidPublicKey: ctx.push?.publicKey ?? null,
    })),
});
