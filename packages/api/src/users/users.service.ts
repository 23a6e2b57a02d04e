import type { TUpdateMeInput, TUser } from '@reorder/schemas';
import { EMAIL_TAKEN_MESSAGE, notifyPasswordChanged } from '../auth/auth.service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Context } from '../context.ts';
import { AppError } from '../errors.ts';
import { EmailTakenError, setPassword, toUser, updateUser } from './users.repository.ts';

/**
 * Applies a profile update in one transaction. A new password bumps the token
 * version (every session ends, this one too) and sends the notice email.
 */
export async function updateProfile(ctx: Context & { user: { id: number } }, input: TUpdateMeInput): Promise<TUser> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  try {
    const user = await ctx.db.transaction().execute(async (tx) => {
      const updated = await updateUser(tx, ctx.user.id, {
        business_name: input.businessName,
        full_name: input.fullName,
        email: input.email,
        language: input.language,
      });
      return passwordHash === undefined ? updated : setPassword(tx, ctx.user.id, passwordHash);
    });
    if (passwordHash !== undefined) notifyPasswordChanged(ctx, user);
    return toUser(user);
  } catch (error) {
    if (error instanceof EmailTakenError) {
      throw new AppError('CONFLICT', EMAIL_TAKEN_MESSAGE, { issues: [{ path: 'email', message: EMAIL_TAKEN_MESSAGE }] });
    }
    throw error;
  }
}
