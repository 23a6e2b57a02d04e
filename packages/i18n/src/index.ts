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

/**
 * The text at `key` in `locale` (English when missing there), with `{{name}}`
 * placeholders filled from `vars`: what the server's mails and messages say.
 */
export function translate(locale: string, key: TMessageKey, vars: Record<string, string> = {}): string {
  return translateIn(locale, resources[locale as TLocale] ?? resources.en, key, vars, resources.en);
}
