import { z } from 'zod';
import { zBlankAsMissing, zDateTime, zEmail, zId, zLanguage, zNewPassword, zSafeString, zText, zTimeZone } from './fields.ts';
import { LIMITS, ORDERS_SORTS } from './limits.ts';

const zOrdersSort = z.enum(ORDERS_SORTS, { error: 'Orders sort must be "name", "cutoff" or "inOrder"' });

export const ZUser = z
  .object({
    id: z.number().int().describe('User id'),
    username: z.string().describe('Username, made from the email at registration; never changes'),
    businessName: z.string().describe('Name of the business'),
    fullName: z.string().describe('Full name of the owner'),
    email: z.string().describe('Email address, used to sign in'),
    language: zLanguage,
    emailVerified: z
      .boolean()
      .describe('Whether the owner confirmed the email address (a link, a password reset, or a provider that verified it)'),
    timeZone: z.string().describe("The owner's IANA time zone: delivery days and cut-offs are read in it"),
    reminders: z.boolean().describe('Whether the owner is reminded before a cut-off (email and Web Push)'),
    reminderMinutes: z.number().int().describe('How many minutes before a cut-off the reminder goes out'),
    ordersSort: zOrdersSort.describe(
      'How the orders list is sorted on every device: "name", "cutoff" (soonest first) or "inOrder" (orders with products first)',
    ),
  })
  .meta({
    id: 'User',
    description: 'A signed-in owner',
    example: {
      id: 7,
      username: 'ana',
      businessName: 'Café Luna',
      fullName: 'Ana García',
      email: 'ana@example.com',
      language: 'es',
      emailVerified: true,
      timeZone: 'Europe/Madrid',
      reminders: true,
      reminderMinutes: 120,
      ordersSort: 'name',
    },
  });
export type TUser = z.infer<typeof ZUser>;

export const ZSession = z
  .object({
    token: z.string().describe('Bearer token: send it as `Authorization: Bearer <token>`'),
    expiresAt: zDateTime('When the token expires (ISO 8601)'),
    user: ZUser,
  })
  .meta({ id: 'Session', description: 'A signed-in session' });
export type TSession = z.infer<typeof ZSession>;

export const zBusinessName = zText('Business name', LIMITS.nameMax).describe('Name of the business, 1 to 100 characters');
export const zFullName = zText('Full name', LIMITS.nameMax).describe('Full name, 1 to 100 characters');

export const ZLoginInput = z.object({
  email: zEmail,
  password: zSafeString('Password', { trim: false, allowBidi: true, typeError: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` })
    .describe('Password'),
  deviceToken: z
    .string()
    .max(2000)
    .regex(/^[\w.-]*$/, { error: 'Device token is not valid' })
    .optional()
    .describe(
      'The `token` of an earlier sign-in to this account on this device, even one signed out or expired since: other people’s failed guesses never lock such a device out',
    ),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

/** The token of an invitation link (`/invitations/<token>`). */
const zInvitationToken = zSafeString('Invitation', { typeError: 'Invitation must be the token of the invitation link' })
  .min(1, { error: 'Invitation must be the token of the invitation link' })
  .max(200, { error: 'This invitation is not valid: it was used, withdrawn or has expired.' });

export const BUSINESS_OR_INVITATION = 'Send either businessName (a business of your own) or invitation (to join one), not both';

/**
 * A new account: with `businessName`, it owns a new business of that name;
 * with `invitation` instead, it joins the inviting business (docs/decisions.md
 * §9.3). Exactly one of the two.
 */
export const ZRegisterInput = z
  .object({
    businessName: zBusinessName.optional().describe('Name of your business, 1 to 100 characters; required unless `invitation` is given'),
    invitation: zInvitationToken
      .optional()
      .describe(
        'The token of an invitation link, instead of `businessName`: the account joins the inviting business with the role offered, its email (which must be the invited one) counts as confirmed, and no business is made',
      ),
    fullName: zFullName,
    email: zEmail,
    password: zNewPassword,
    language: zLanguage.optional(),
    timeZone: zTimeZone.optional().describe("The IANA time zone of the new account (the browser's); UTC when absent"),
  })
  .superRefine((input, ctx) => {
    if (input.businessName !== undefined && input.invitation !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['invitation'], message: BUSINESS_OR_INVITATION });
    } else if (input.businessName === undefined && input.invitation === undefined) {
      ctx.addIssue({ code: 'custom', path: ['businessName'], message: 'Business name is required' });
    }
  });
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

/** Creating an account from an invitation link: the address is the one invited, so only the name and a password. */
export const ZInvitedRegisterForm = z.object({ fullName: zFullName, password: zNewPassword });

export const ZForgotPasswordInput = z.object({ email: zEmail });

export const ZResetPasswordInput = z.object({
  password: zNewPassword,
  token: zSafeString('The reset token', { typeError: 'The reset token is required' })
    .min(1, { error: 'The reset token is required' })
    .max(200, { error: 'This reset link is invalid or has expired' })
    .describe('The token from the link in the reset email'),
});

export const ZUsernameInput = z.object({
  username: zSafeString('Username')
    .min(1, { error: 'Username is required' })
    .max(LIMITS.nameMax, { error: 'User not found' })
    .describe('Username to look up'),
});

/** A blank new password on the profile form means "keep the current one". */
const zOptionalNewPassword = zBlankAsMissing(zNewPassword, 'Password must be text', {
  maxLength: LIMITS.passwordMax,
  // "" keeps the current password; anything else is a new one of at least 8 characters.
  pattern: `^(|[\\s\\S]{${LIMITS.passwordMin},})$`,
});

/** The password the owner signs in with, to confirm a sensitive change (a profile change, a new API token); blank is missing. */
export const zCurrentPassword = zBlankAsMissing(
  zSafeString('Current password', { trim: false, allowBidi: true }).max(LIMITS.passwordMax, {
    error: `Current password must be at most ${LIMITS.passwordMax} characters`,
  }),
  'Current password must be text',
  { maxLength: LIMITS.passwordMax },
);

/**
 * Profile update: every field is optional; what is sent replaces what is
 * stored. A new password or email needs `currentPassword` (docs/decisions.md §4); a
 * new email takes effect only once the link mailed to it is opened.
 */
export const ZUpdateMeInput = z.object({
  businessName: zBusinessName.optional(),
  fullName: zFullName.optional(),
  email: zEmail.optional().describe('A new email address: it replaces the current one once the link mailed to it is opened'),
  password: zOptionalNewPassword.describe('A new password (8 to 128 characters); leave out or blank to keep the current one'),
  currentPassword: zCurrentPassword.describe(
    'Your current password: required to change the password or the email (an account without a password needs a sign-in less than 15 minutes old instead)',
  ),
  language: zLanguage.optional(),
  timeZone: zTimeZone.optional(),
  reminders: z.boolean({ error: 'Reminders must be true or false' }).optional().describe('Remind me before a cut-off'),
  reminderMinutes: z
    .number({ error: `Reminder minutes must be a whole number from ${LIMITS.reminderMinutesMin} to ${LIMITS.reminderMinutesMax}` })
    .int({ error: `Reminder minutes must be a whole number from ${LIMITS.reminderMinutesMin} to ${LIMITS.reminderMinutesMax}` })
    .min(LIMITS.reminderMinutesMin, {
      error: `Reminder minutes must be a whole number from ${LIMITS.reminderMinutesMin} to ${LIMITS.reminderMinutesMax}`,
    })
    .max(LIMITS.reminderMinutesMax, {
      error: `Reminder minutes must be a whole number from ${LIMITS.reminderMinutesMin} to ${LIMITS.reminderMinutesMax}`,
    })
    .optional()
    .describe(`How many minutes before a cut-off to remind, ${LIMITS.reminderMinutesMin} to ${LIMITS.reminderMinutesMax}`),
  ordersSort: zOrdersSort.optional().describe('How the orders list is sorted: "name", "cutoff" or "inOrder"'),
});
export type TUpdateMeInput = z.infer<typeof ZUpdateMeInput>;

export const ZVerifyEmailInput = z.object({
  token: zSafeString('The verification token', { typeError: 'The verification token is required' })
    .min(1, { error: 'The verification token is required' })
    .max(200, { error: 'This link is invalid or has expired' })
    .describe('The token from the link in the email'),
});

export const ZSessionInfo = z
  .object({
    id: z.number().int().describe('Session id'),
    createdAt: zDateTime('When the device signed in (ISO 8601)'),
    lastSeenAt: zDateTime('When the device was last used, to within a few minutes (ISO 8601)'),
    userAgent: z.string().describe('The browser or program that signed in, as it named itself'),
    current: z.boolean().describe('Whether this is the session making the request'),
  })
  .meta({ id: 'SessionInfo', description: 'A signed-in device' });
export type TSessionInfo = z.infer<typeof ZSessionInfo>;

export const ZSessionIdInput = z.object({ id: zId('Session id').describe('Session id') });
