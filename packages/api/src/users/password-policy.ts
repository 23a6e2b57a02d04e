import { translate } from '@reorder/i18n';
import { dictionary } from '@zxcvbn-ts/language-common';

/** zxcvbn-ts's list of common passwords (about 50,000, lower case), loaded once. */
let common: Set<string> | undefined;

/** Parts of the account shorter than this are too common inside passwords to refuse on ("ana", "bar"). */
const MIN_PERSONAL_PART = 4;

export interface PasswordContext {
  email?: string | undefined;
  businessName?: string | undefined;
}

export type TPasswordProblem = 'common' | 'personal';

/**
 * Why a new password is refused (docs/decisions.md §4), or undefined when it is fine:
 * it is among common passwords (or one character repeated, or only spaces),
 * or it contains the email's local part or the business name. Lengths are the
 * schema's job.
 */
export function passwordProblem(password: string, account: PasswordContext): TPasswordProblem | undefined {
  common ??= new Set(dictionary['passwords-common']);
  const folded = password.toLowerCase();
  if (common.has(folded) || common.has(folded.trim()) || /^(.)\1*$/su.test(folded) || folded.trim() === '') return 'common';
  const personal = [account.email?.split('@')[0], account.businessName]
    .map((part) => part?.toLowerCase().replace(/\s+/g, ' ').trim() ?? '')
    .filter((part) => [...part].length >= MIN_PERSONAL_PART);
  const squeezed = folded.replace(/\s+/g, '');
  if (personal.some((part) => folded.includes(part) || squeezed.includes(part.replace(/\s+/g, '')))) return 'personal';
  return undefined;
}

/** The problem as the 400 issue says it, in the user's language. */
export function passwordProblemMessage(problem: TPasswordProblem, language: string): string {
  return translate(language, problem === 'common' ? 'validation.passwordCommon' : 'validation.passwordPersonal');
}
