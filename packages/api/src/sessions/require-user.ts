import type { UserRow } from '@reorder/db';
import { translate } from '@reorder/i18n';
import { API_TOKEN_PREFIX } from '@reorder/schemas';
import { findLiveApiToken, touchApiToken } from '../api-tokens/api-tokens.repository.ts';
import { type ActiveBusiness, activeBusiness as activeBusinessOf, allows } from '../businesses/memberships.ts';
import type { Context } from '../context.ts';
import { AppError, NO_SUCH_BUSINESS, roleNeeded, SESSION_EXPIRED } from '../errors.ts';
import { baseProcedure, type Meta, middleware, withDeadline } from '../trpc.ts';
import type { SessionCache } from './session-cache.ts';
import { type LiveSession, touchSession } from './sessions.repository.ts';
import { tokenFromHeader } from './tokens.ts';

/** How a call is signed in: a device's session (a JWT), or a personal API token (`rpat_…`). */
export type Credential = { kind: 'session'; session: LiveSession } | { kind: 'api-token'; tokenId: number };

/**
 * The context of a signed-in call: who (`user`), with what (`credential`),
 * and in which business (`activeBusiness`: undefined when the user belongs to
 * none, or X-Business-Id names one they do not belong to).
 */
export type SignedInContext = Context & { user: UserRow; credential: Credential; activeBusiness: ActiveBusiness | undefined };
/** The context of a call inside a business: `business` is where it acts and the caller's role there. */
export type BusinessContext = SignedInContext & { business: ActiveBusiness };
/** The context of an account-management call: always a device's session. */
export type AuthedContext = SignedInContext & { session: LiveSession };

/** How stale "last used" may get before a request refreshes it: one write per device every few minutes, not per request. */
const TOUCH_AFTER_MS = 5 * 60 * 1000;
const stale = (last: Date | null) => last === null || Date.now() - last.getTime() > TOUCH_AFTER_MS;

export const BAD_API_TOKEN = 'This API token is not valid: it was revoked or has expired.';
export const TOKEN_FORBIDDEN =
  'An API token cannot manage the account (profile, password, email, devices, tokens, businesses): sign in to do that.';
/** The example of the 403 an account whose address is not proven gets (the real one names the address, in the owner's language). */
export const EMAIL_NOT_VERIFIED =
  'Confirm your email address first: open the link we sent to ana@example.com, or ask for a new one on your profile.';

/** Who signs a call in: the user, with what, and the business it acts in. */
type SignedIn = Pick<SignedInContext, 'user' | 'credential' | 'activeBusiness'>;

/**
 * Resolves the signed-in user from the bearer token, in one indexed lookup:
 * a personal API token by its hash, or a JWT (signature checked first) by the
 * session it names. Either must still be live (not revoked or ended, not
 * expired), so revoking one refuses it at once, on every server process.
 */
async function signedIn(ctx: Context, db: Context['db']): Promise<SignedIn> {
  const token = tokenFromHeader(ctx.request.authorization);
  if (!token) throw new AppError('UNAUTHORIZED', 'Please sign in: the Authorization header is missing.');
  if (token.startsWith(API_TOKEN_PREFIX)) {
    const found = await findLiveApiToken(db, token);
    if (!found) throw new AppError('UNAUTHORIZED', BAD_API_TOKEN);
    if (stale(found.lastUsedAt)) await touchApiToken(db, found.tokenId);
    // A token acts in its own business only, with its member's role there.
    const activeBusiness = activeBusinessOf(found.membership ? [found.membership] : [], ctx.request.businessId);
    return { user: found.user, credential: { kind: 'api-token', tokenId: found.tokenId }, activeBusiness };
  }
  const claims = await ctx.tokens.verify(token);
  // The server puts a SessionCache there (context.ts says less, for the client's types).
  const live = await (ctx.sessions as SessionCache).find(db, claims.sessionId, claims.userId);
  if (!live) throw new AppError('UNAUTHORIZED', SESSION_EXPIRED);
  if (stale(live.session.lastSeenAt)) {
    // The session may be the cache's: it learns of the touch at once, so the requests
    // after this one, and those already under way, do not each write it again.
    const last = live.session.lastSeenAt;
    live.session.lastSeenAt = new Date();
    try {
      await touchSession(db, live.session.id);
    } catch (error) {
      live.session.lastSeenAt = last;
      throw error;
    }
  }
  const activeBusiness = activeBusinessOf(live.memberships, ctx.request.businessId);
  return { user: live.user, credential: { kind: 'session', session: live.session }, activeBusiness };
}

/**
 * A call inside the active business: it must exist (else 404), and the
 * caller's role there must allow the procedure's `meta.role` (else 403 naming
 * the role needed). A procedure that declares no role is the owner's: a
 * forgotten declaration refuses too much, never too little.
 */
function businessFor(activeBusiness: ActiveBusiness | undefined, meta: Meta | undefined): ActiveBusiness {
  if (!activeBusiness) throw new AppError('NOT_FOUND', NO_SUCH_BUSINESS);
  const needed = meta?.role ?? 'owner';
  if (!allows(activeBusiness.role, needed)) throw new AppError('FORBIDDEN', roleNeeded(needed, activeBusiness.role));
  return activeBusiness;
}

/** Account management needs a device's session: an API token gets 403 (docs/decisions.md §7). */
function sessionOf(credential: Credential): LiveSession {
  if (credential.kind !== 'session') throw new AppError('FORBIDDEN', TOKEN_FORBIDDEN);
  return credential.session;
}

// Each is one step of the procedure, not a chain of them: tRPC copies the whole context at every step
// that adds to it (docs/performance.md), so signing in and finding the business add to it once.

/** Signed in, inside the active business, in a role `meta.role` allows; the database bound by the call's deadline. */
const requireMember = middleware(({ ctx, meta, next }) =>
  withDeadline(ctx, meta, async (db) => {
    const who = await signedIn(ctx, db);
    return next({ ctx: { db, ...who, business: businessFor(who.activeBusiness, meta) } });
  }),
);

/** Signed in with a device's session; the database bound by the call's deadline. */
const requireAccount = middleware(({ ctx, meta, next }) =>
  withDeadline(ctx, meta, async (db) => {
    const who = await signedIn(ctx, db);
    return next({ ctx: { db, ...who, session: sessionOf(who.credential) } });
  }),
);

/** `requireMember`'s business check alone, after `requireAccount` (making an API token). */
export const requireBusiness = middleware(({ ctx, meta, next }) => {
  return next({ ctx: { business: businessFor((ctx as unknown as SignedInContext).activeBusiness, meta) } });
});

/**
 * A procedure inside the active business (X-Business-Id, else the first one
 * joined), by session or API token, for the roles its `meta.role` allows
 * (docs/decisions.md §8.2). `ctx.business` is `{id, role}`; a business the
 * caller is not in answers 404. The only builder an API token passes: a token
 * acts in its own business only (docs/decisions.md §9.7).
 */
export const memberProcedure = baseProcedure.use(requireMember);

/**
 * Everything of the person rather than of a business: the profile, password,
 * email, sessions, devices (push subscriptions), tokens, the list of their
 * businesses and a new one, the account's export and erasure, feedback. A
 * device's session only: an API token gets 403 (docs/decisions.md §7, §9.7).
 * `ctx.session` is that session.
 */
export const accountProcedure = baseProcedure.use(requireAccount);

/**
 * Who may call a built procedure: anyone (`public`), a member of the active
 * business by session or API token (`member`), or the account's own session
 * (`account`). Read from the steps it was built with, so the tests can walk
 * every procedure of the router and hold them to the rule of §9.7.
 */
export function reachOf(procedure: { _def: { middlewares: unknown[] } }): 'public' | 'member' | 'account' {
  const steps = procedure._def.middlewares;
  if (steps.includes(requireAccount._middlewares[0])) return 'account';
  if (steps.includes(requireMember._middlewares[0])) return 'member';
  return 'public';
}

/**
 * Until the account's address is proven, it makes nothing that outlives a
 * session or reaches outside: API tokens, push subscriptions (and webhooks and
 * invitations to come). Whoever registered someone else's address first must
 * not hold lasting access when the address's owner arrives (docs/decisions.md
 * §8.6). A 403, in the owner's language.
 */
export function assertEmailVerified(user: UserRow): void {
  if (!user.email_verified) throw new AppError('FORBIDDEN', translate(user.language, 'errors.emailNotVerified', { email: user.email }));
}

/** `assertEmailVerified` as a step of a procedure builder: `accountProcedure.use(requireVerifiedEmail)`. */
export const requireVerifiedEmail = middleware(({ ctx, next }) => {
  assertEmailVerified((ctx as unknown as SignedInContext).user);
  return next();
});
