import { en, type TMessages } from './locales/en.ts';
import { es } from './locales/es.ts';
import { enMail, type TMailMessages } from './locales/mail.en.ts';
import { esMail } from './locales/mail.es.ts';
import { translateIn } from './translate.ts';

export { type TTextVars, type TTranslate, translateIn } from './translate.ts';

export { en, es, type TMailMessages, type TMessages };

/** A language's texts with its mails' (what the server words). */
export type TAllMessages = TMessages & { mail: TMailMessages };

/** Every language's texts, the mails' included, by language (the web app loads `en` or `es` alone: no mail). */
export const resources: { en: TAllMessages; es: TAllMessages } = { en: { ...en, mail: enMail }, es: { ...es, mail: esMail } };
export type TLocale = keyof typeof resources;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A dotted key of a text, such as `mail.resetPassword.subject`. */
export type TMessageKey = Leaves<TAllMessages>;

/** A key as `t` takes it: a plural's `lines_one` and `lines_other` are asked for as `lines` (with a `count`). */
type PluralBase<K extends string> = K extends `${infer Base}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? Base : K;
/**
 * A dotted key of the app's texts (`orders.send`, `orders.lines`): what the
 * web app's `t` takes, so a text missing from `en.ts` fails the type check,
 * not the owner (and `es.ts` is typed as `en.ts`: a text missing there fails
 * it too).
 */
export type TTextKey = PluralBase<Leaves<TMessages>>;

/**
 * The text at `key` in `locale` (English when missing there), with `{{name}}`
 * placeholders filled from `vars`: what the server's mails and messages say.
 */
export function translate(locale: string, key: TMessageKey, vars: Record<string, string> = {}): string {
  return translateIn(locale, resources[locale as TLocale] ?? resources.en, key, vars, resources.en);
}
