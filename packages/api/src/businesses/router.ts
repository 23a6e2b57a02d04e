import {
  LIMITS,
  ZBusiness,
  ZCreateBusinessInput,
  ZDeletedResult,
  ZInvitation,
  ZInvitationIdInput,
  ZInvitationTokenInput,
  ZInvitationView,
  ZInviteInput,
  ZMember,
  ZMemberIdInput,
  ZSetRoleInput,
  ZUpdateBusinessInput,
  zNoInput,
  zOptionalInput,
} from '@reorder/schemas';
import { href } from '@reorder/schemas/web-paths';
import { z } from 'zod';
import { revokeApiTokensIn } from '../api-tokens/api-tokens.repository.ts';
import { DAY_MS, nowOf } from '../context.ts';
import { AppError, found, INVITATION_GONE, notFound, roleNeeded, SIGNED_IN_ERRORS } from '../errors.ts';
import { invitationEmail } from '../mail/messages.ts';
import {
  accountProcedure,
  assertEmailVerified,
  EMAIL_NOT_VERIFIED,
  memberProcedure,
  requireVerifiedEmail,
  TOKEN_FORBIDDEN,
} from '../sessions/require-user.ts';
import { publicProcedure, router } from '../trpc.ts';
import { findBusiness, insertBusiness, listBusinesses, lockAndCountOwnedBusinesses, updateBusiness } from './businesses.repository.ts';
import {
  acceptInvitation,
  deleteInvitation,
  findLiveInvitation,
  insertInvitation,
  listInvitations,
  listMembers,
  lockRoles,
  removeMember,
  setRole,
} from './members.repository.ts';

const tags = ['businesses'];
const TOO_MANY_BUSINESSES = `You can own at most ${LIMITS.businessesPerUser} businesses.`;
export const LAST_OWNER = 'A business keeps at least one owner: make another member an owner first.';
const ALREADY_MEMBER = 'This person is already a member of the business.';
const WRONG_EMAIL = 'This invitation is for another email address: sign in with the address it was sent to.';
/** How long an invitation link works (docs/decisions.md §8.2). */
const INVITATION_DAYS = 7;

/** A membership change must leave an owner (docs/decisions.md §8.2). */
function assertOwnerLeft(roles: Map<number, string>, userId: number, newRole: string | undefined) {
  const owners = [...roles].filter(([id, role]) => (id === userId ? newRole : role) === 'owner');
  if (owners.length === 0) throw new AppError('CONFLICT', LAST_OWNER);
}

/** The user's businesses: `GET /businesses`, a new one, and the active one (docs/decisions.md §8.2). */
export const businessesRouter = router({
  list: accountProcedure
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
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN },
    })
    .input(zNoInput)
    .output(z.array(ZBusiness))
    .query(({ ctx }) => listBusinesses(ctx.db, ctx.user.id)),

  create: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/businesses',
        tags,
        summary: 'Add a business',
        description: `A second café, say: you own it, and it starts empty. At most ${LIMITS.businessesPerUser} businesses owned per user.`,
      },
      message: 'Business created',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: TOKEN_FORBIDDEN, BAD_REQUEST: TOO_MANY_BUSINESSES },
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
    .input(zNoInput)
    .output(ZBusiness)
    .query(async ({ ctx }) => found(await findBusiness(ctx.db, ctx.user.id, ctx.business.id), 'Business')),

  update: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'PUT',
        path: '/business',
        tags,
        summary: 'Rename the active business, or change its currency or tax data',
        description:
          'Owners only. `currency` is an ISO 4217 code (e.g. EUR, USD, MXN). The tax data of bills (docs/decisions.md §9.6): `taxId` (at most 20 characters) and `defaultTaxRate` (0 to 30 with 2 decimals, the rate of products whose own is null).',
      },
      message: 'Business updated',
      errors: { ...SIGNED_IN_ERRORS, BAD_REQUEST: 'Currency must be an ISO 4217 code, e.g. EUR' },
    })
    .input(zOptionalInput(ZUpdateBusinessInput))
    .output(ZBusiness)
    .mutation(async ({ ctx, input }) => {
      await updateBusiness(ctx.db, ctx.business.id, input);
      return found(await findBusiness(ctx.db, ctx.user.id, ctx.business.id), 'Business');
    }),

  members: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'GET',
        path: '/business/members',
        tags,
        summary: 'List the members of the active business',
        description: 'Owners first.',
      },
      message: 'Members loaded',
      errors: { ...SIGNED_IN_ERRORS },
    })
    .input(zNoInput)
    .output(z.array(ZMember))
    .query(({ ctx }) => listMembers(ctx.db, ctx.business.id)),

  setRole: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'PUT',
        path: '/business/members/{userId}',
        tags,
        summary: "Change a member's role",
        description: 'Owners only. The last owner cannot be made manager or staff (409).',
      },
      message: 'Role changed',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Member not found', CONFLICT: LAST_OWNER },
    })
    .input(ZSetRoleInput)
    .output(ZMember)
    .mutation(async ({ ctx, input }) => {
      await ctx.db.transaction().execute(async (tx) => {
        const roles = await lockRoles(tx, ctx.business.id);
        if (!roles.has(input.userId)) throw notFound('Member');
        assertOwnerLeft(roles, input.userId, input.role);
        await setRole(tx, ctx.business.id, input.userId, input.role);
      });
      return found(
        (await listMembers(ctx.db, ctx.business.id)).find((m) => m.userId === input.userId),
        'Member',
      );
    }),

  removeMember: memberProcedure
    .meta({
      role: 'staff',
      openapi: {
        method: 'DELETE',
        path: '/business/members/{userId}',
        tags,
        summary: 'Remove a member, or leave the business',
        description:
          "An owner removes anyone; any member may remove themself (leave). The last owner cannot leave (409). The member's API tokens for this business stop working at once.",
      },
      message: 'Member removed',
      errors: { ...SIGNED_IN_ERRORS, FORBIDDEN: roleNeeded('owner', 'staff'), NOT_FOUND: 'Member not found', CONFLICT: LAST_OWNER },
    })
    .input(ZMemberIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      // Leaving is every member's; removing someone else is an owner's.
      if (input.userId !== ctx.user.id && ctx.business.role !== 'owner')
        throw new AppError('FORBIDDEN', roleNeeded('owner', ctx.business.role));
      await ctx.db.transaction().execute(async (tx) => {
        const roles = await lockRoles(tx, ctx.business.id);
        if (!roles.has(input.userId)) throw notFound('Member');
        assertOwnerLeft(roles, input.userId, undefined);
        await removeMember(tx, ctx.business.id, input.userId);
        await revokeApiTokensIn(tx, input.userId, ctx.business.id);
      });
      return { id: input.userId };
    }),

  invite: memberProcedure
    .use(requireVerifiedEmail)
    .meta({
      role: 'owner',
      openapi: {
        method: 'POST',
        path: '/business/invitations',
        tags,
        summary: 'Invite someone to the active business',
        description: `Owners only, with a confirmed email. Mails a link (${href('invitation', { token: '<token>' })}) that works once, for ${INVITATION_DAYS} days, for a signed-in user whose confirmed email is the one invited. A new invitation to the same address replaces the one waiting.`,
      },
      message: ({ input }) => `Invitation sent to ${(input as { email?: string } | undefined)?.email ?? 'them'}`,
      errors: {
        ...SIGNED_IN_ERRORS,
        CONFLICT: ALREADY_MEMBER,
        TOO_MANY_REQUESTS: 'Too many invitations. Please try again later.',
        FORBIDDEN: EMAIL_NOT_VERIFIED,
      },
    })
    .input(ZInviteInput)
    .output(ZInvitation)
    .mutation(async ({ ctx, input }) => {
      const members = await listMembers(ctx.db, ctx.business.id);
      if (members.some((m) => m.email.toLowerCase() === input.email.toLowerCase())) throw new AppError('CONFLICT', ALREADY_MEMBER);
      await ctx.rateLimiter.hit(ctx.rateRules.invitationsPerBusiness, String(ctx.business.id));
      await ctx.rateLimiter.hit(ctx.rateRules.invitationsPerAddress, input.email.toLowerCase());
      const now = nowOf(ctx);
      const { invitation, token } = await insertInvitation(ctx.db, {
        businessId: ctx.business.id,
        email: input.email,
        role: input.role,
        invitedBy: ctx.user.id,
        createdAt: new Date(now),
        expiresAt: new Date(now + INVITATION_DAYS * DAY_MS),
      });
      const business = found(await findBusiness(ctx.db, ctx.user.id, ctx.business.id), 'Business');
      const link = `${ctx.settings.publicUrl}${href('invitation', { token })}`;
      ctx.background.run('invitation email', () =>
        ctx.mailer.send({
          to: input.email,
          ...invitationEmail({ locale: ctx.user.language, inviter: ctx.user.full_name, business: business.name, role: input.role, link }),
        }),
      );
      return invitation;
    }),

  invitations: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'GET',
        path: '/business/invitations',
        tags,
        summary: 'List the invitations waiting',
        description: 'Owners only; newest first.',
      },
      message: 'Invitations loaded',
      errors: { ...SIGNED_IN_ERRORS },
    })
    .input(zNoInput)
    .output(z.array(ZInvitation))
    .query(({ ctx }) => listInvitations(ctx.db, ctx.business.id, new Date(nowOf(ctx)))),

  revokeInvitation: memberProcedure
    .meta({
      role: 'owner',
      openapi: {
        method: 'DELETE',
        path: '/business/invitations/{id}',
        tags,
        summary: 'Withdraw an invitation',
        description: 'Its link stops working at once.',
      },
      message: 'Invitation withdrawn',
      errors: { ...SIGNED_IN_ERRORS, NOT_FOUND: 'Invitation not found' },
    })
    .input(ZInvitationIdInput)
    .output(ZDeletedResult)
    .mutation(async ({ ctx, input }) => {
      if (!(await deleteInvitation(ctx.db, ctx.business.id, input.id))) throw notFound('Invitation');
      return { id: input.id };
    }),
});

/** The invitation link's side: what it offers, to anyone with it, and accepting it (docs/decisions.md §8.2). */
export const invitationsRouter = router({
  byToken: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/invitations/{token}',
        protect: false,
        tags,
        summary: 'What an invitation link offers',
        description: 'No sign-in needed. An unknown, used, withdrawn or expired link answers the same 404.',
      },
      message: 'Invitation loaded',
      errors: { NOT_FOUND: INVITATION_GONE, TOO_MANY_REQUESTS: 'Too many requests. Please try again in 15 minutes.' },
    })
    .input(ZInvitationTokenInput)
    .output(ZInvitationView)
    .query(async ({ ctx, input }) => {
      await ctx.rateLimiter.hit(ctx.rateRules.invitationLinkPerIp, ctx.request.ip);
      const invitation = await findLiveInvitation(ctx.db, input.token, new Date(nowOf(ctx)));
      if (!invitation) throw new AppError('NOT_FOUND', INVITATION_GONE);
      return { businessName: invitation.business_name, role: invitation.role, email: invitation.email };
    }),

  accept: accountProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/invitations/{token}/accept',
        tags,
        summary: 'Accept an invitation',
        description:
          'Signed in on a device, with a confirmed email equal to the one invited (403 otherwise). Makes you a member with the role offered (a member already keeps their role); the answer is the business, to send as `X-Business-Id`.',
      },
      message: 'Welcome to the business',
      errors: {
        ...SIGNED_IN_ERRORS,
        NOT_FOUND: INVITATION_GONE,
        FORBIDDEN: WRONG_EMAIL,
        TOO_MANY_REQUESTS: 'Too many requests. Please try again in 15 minutes.',
      },
    })
    .input(ZInvitationTokenInput)
    .output(ZBusiness)
    .mutation(async ({ ctx, input }) => {
      await ctx.rateLimiter.hit(ctx.rateRules.invitationLinkPerIp, ctx.request.ip);
      const businessId = await ctx.db.transaction().execute(async (tx) => {
        const now = new Date(nowOf(ctx));
        const invitation = await findLiveInvitation(tx, input.token, now, { forUpdate: true });
        if (!invitation) throw new AppError('NOT_FOUND', INVITATION_GONE);
        if (invitation.email.toLowerCase() !== ctx.user.email.toLowerCase()) throw new AppError('FORBIDDEN', WRONG_EMAIL);
        assertEmailVerified(ctx.user);
        await acceptInvitation(tx, invitation, ctx.user.id, now);
        return invitation.business_id;
      });
      return found(await findBusiness(ctx.db, ctx.user.id, businessId), 'Business');
    }),
});
