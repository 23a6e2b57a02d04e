import { en, type TMessages } from './locales/en.ts';
import { es } from './locales/es.ts';

export { en, es, type TMessages };

/** Every language's texts, in the shape i18next takes as `resources[lang].translation`. */
export const resources = { en, es } as const;
export type TLocale = keyof typeof resources;

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];
/** A dotted key of a text, such as `mail.resetPassword.subject`. */
export type TMessageKey = Leaves<TMessages>;

/**
 * The text at `key` in `locale` (English when missing there), with `{{name}}`
 * placeholders filled from `vars`. i18next reads the same resources and syntax
 * in the browser; the server uses this to avoid a second copy of i18next state.
 */
export function translate(locale: string, key: TMessageKey, vars: Record<string, string> = {}): string {
  const text = lookup(resources[locale as TLocale] ?? en, key) ?? lookup(en, key) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => vars[name] ?? '');
}

function lookup(messages: TMessages, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}
