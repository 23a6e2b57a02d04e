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
 * Characters that show nothing (zero-width spaces and joiners, soft hyphens,
 * variation selectors, Hangul fillers: Unicode's default-ignorable code
 * points), dropped before comparing, so "pass\u200bword" is "password".
 */
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** The usual letter-for-digit (and symbol) swaps, undone; `1` and `|` are read as both "i" and "l". */
const SWAPS: Record<string, readonly string[]> = {
  '@': ['a'],
  '4': ['a'],
  '8': ['b'],
  '3': ['e'],
  '6': ['g'],
  '9': ['g'],
  '1': ['i', 'l'],
  '|': ['i', 'l'],
  '0': ['o'],
  $: ['s'],
  '5': ['s'],
  '7': ['t'],
  '+': ['t'],
};

/**
 * A text as the blocklist compares it: compatibility-folded (NFKC: fullwidth
 * "ＰＡＳＳ" and ligatures become plain letters), invisible characters
 * dropped, lower case.
 */
function fold(text: string): string {
  return text.normalize('NFKC').replace(INVISIBLE, '').toLowerCase();
}

/** The readings of a folded text: as typed, and with the swaps undone (one reading per choice for `1` and `|`). */
function readings(folded: string): string[] {
  const unswap = (choice: 0 | 1) => [...folded].map((c) => SWAPS[c]?.[Math.min(choice, (SWAPS[c]?.length ?? 1) - 1)] ?? c).join('');
  return [...new Set([folded, unswap(0), unswap(1)])];
}

/**
 * Why a new password is refused (docs/decisions.md §4, §8.6), or undefined when it is fine:
 * it is among common passwords (or one character repeated, or only spaces),
 * or it contains the email's local part or the business name. Both checks
 * see through Unicode width, invisible characters and letter-for-digit swaps
 * ("P@ssw0rd!", "ＰＡＳＳＷＯＲＤ１２３"). Lengths are the schema's job.
 */
export function passwordProblem(password: string, account: PasswordContext): TPasswordProblem | undefined {
  common ??= new Set(dictionary['passwords-common']);
  const candidates = readings(fold(password));
  const isCommon = (text: string) => common?.has(text) || common?.has(text.trim()) || /^(.)\1*$/su.test(text) || text.trim() === '';
  if (candidates.some(isCommon)) return 'common';
  const personal = [account.email?.split('@')[0], account.businessName]
    .map((part) => (part === undefined ? '' : fold(part).replace(/\s+/g, ' ').trim()))
    .filter((part) => [...part].length >= MIN_PERSONAL_PART)
    .flatMap(readings);
  const contains = (text: string) => {
    const squeezed = text.replace(/\s+/g, '');
    return personal.some((part) => text.includes(part) || squeezed.includes(part.replace(/\s+/g, '')));
  };
  if (candidates.some(contains)) return 'personal';
  return undefined;
}

/** The problem as the 400 issue says it, in the user's language. */
export function passwordProblemMessage(problem: TPasswordProblem, language: string): string {
  return translate(language, problem === 'common' ? 'validation.passwordCommon' : 'validation.passwordPersonal');
}
