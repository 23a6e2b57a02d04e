import type { Context } from '../context.ts';
import { insertSession } from './sessions.repository.ts';

/** Signs a user in on this device: a new server-side session, and a token that names it. */
export async function startSession(
  ctx: Pick<Context, 'db' | 'tokens' | 'request'>,
  userId: number,
): Promise<{ token: string; expiresAt: string }> {
  const expiresAt = ctx.tokens.expiryFromNow();
  const sessionId = await insertSession(ctx.db, userId, { expiresAt, userAgent: ctx.request.userAgent ?? '' });
  const { token } = await ctx.tokens.issue({ userId, sessionId }, expiresAt);
  return { token, expiresAt: expiresAt.toISOString() };
}
