import { en, type TMessages } from './locales/en.ts';
import { es } from './locales/es.ts';
import { translateIn } from './translate.ts';

export { type TTextVars, type TTranslate, translateIn } from './translate.ts';

export { en, es, type TMessages };

/** Every language's texts, by language. */
export const resources = { en, es } as const;
export type TLocale = keyof typeof resources;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A dotted key of a text, such as `mail.resetPassword.subject`. */
export type TMessageKey = Leaves<TMessages>;

/**
 * The text at `key` in `locale` (English when missing there), with `{{name}}`
 * placeholders filled from `vars`: what the server's mails and messages say.
 */
export function translate(locale: string, key: TMessageKey, vars: Record<string, string> = {}): string {
  return translateIn(locale, resources[locale as TLocale] ?? en, key, vars, en);
}
