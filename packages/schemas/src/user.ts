import { z } from 'zod';
import { zEmail, zLanguage, zNewPassword, zText } from './fields.ts';
import { LIMITS } from './limits.ts';

export const ZUser = z
  .object({
    id: z.number().int().describe('User id'),
    username: z.string().describe('Username, made from the email at registration; never changes'),
    businessName: z.string().describe('Name of the business'),
    fullName: z.string().describe('Full name of the owner'),
    email: z.string().describe('Email address, used to sign in'),
    language: zLanguage,
  })
  .meta({ id: 'User', description: 'A signed-in owner' });
export type TUser = z.infer<typeof ZUser>;

export const ZPublicUser = z
  .object({
    username: z.string().describe('Username'),
    businessName: z.string().describe('Name of the business'),
  })
  .meta({ id: 'PublicUser', description: 'What anyone signed in may see of another user' });
export type TPublicUser = z.infer<typeof ZPublicUser>;

export const ZSession = z
  .object({
    token: z.string().describe('Bearer token: send it as `Authorization: Bearer <token>`'),
    expiresAt: z.string().describe('When the token expires (ISO 8601)'),
    user: ZUser,
  })
  .meta({ id: 'Session', description: 'A signed-in session' });
export type TSession = z.infer<typeof ZSession>;

export const zBusinessName = zText('Business name', LIMITS.nameMax).describe('Name of the business, 1 to 100 characters');
export const zFullName = zText('Full name', LIMITS.nameMax).describe('Full name, 1 to 100 characters');

export const ZLoginInput = z.object({
  email: zEmail,
  password: z
    .string({ error: 'Password is required' })
    .min(1, { error: 'Password is required' })
    .max(LIMITS.passwordMax, { error: `Password must be at most ${LIMITS.passwordMax} characters` })
    .describe('Password'),
});
export type TLoginInput = z.infer<typeof ZLoginInput>;

export const ZRegisterInput = z.object({
  businessName: zBusinessName,
  fullName: zFullName,
  email: zEmail,
  password: zNewPassword,
  language: zLanguage.optional(),
});
export type TRegisterInput = z.infer<typeof ZRegisterInput>;

export const ZForgotPasswordInput = z.object({ email: zEmail });

export const ZResetPasswordInput = z.object({
  password: zNewPassword,
  token: z
    .string({ error: 'The reset token is required' })
    .trim()
    .min(1, { error: 'The reset token is required' })
    .max(200, { error: 'This reset link is invalid or has expired' })
    .describe('The token from the link in the reset email'),
});

export const ZUsernameInput = z.object({
  username: z
    .string()
    .trim()
    .min(1, { error: 'Username is required' })
    .max(LIMITS.nameMax, { error: 'User not found' })
    .describe('Username to look up'),
});

/** A blank new password on the profile form means "keep the current one". */
const zOptionalNewPassword = z.preprocess((value) => (value === '' || value === null ? undefined : value), zNewPassword.optional());

/** Profile update: every field is optional; what is sent replaces what is stored. */
export const ZUpdateMeInput = z.object({
  businessName: zBusinessName.optional(),
  fullName: zFullName.optional(),
  email: zEmail.optional(),
  password: zOptionalNewPassword.describe('A new password (8 to 128 characters); leave out or blank to keep the current one'),
  language: zLanguage.optional(),
});
export type TUpdateMeInput = z.infer<typeof ZUpdateMeInput>;
