/**
 * What a text may be filled with: `{{name}}` placeholders, `count` (which also
 * picks the plural form), and `defaultValue` for a key that may not exist.
 */
export type TTextVars = { count?: number; defaultValue?: string } & Record<string, string | number | undefined>;

/** A function that words a dotted key in one language. */
export type TTranslate = (key: string, vars?: TTextVars) => string;

/** A language's texts: nested objects of strings (an app's, or with its mails'). */
type TTexts = object;

function lookup(messages: TTexts, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** The CLDR plural category of `count` in `language` ("one", "other", "many"…). */
function pluralOf(language: string, count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(language);
  if (!rules) {
    rules = new Intl.PluralRules(language);
    pluralRules.set(language, rules);
  }
  return rules.select(count);
}

/**
 * The text at `key` in `messages`, else in `fallback`, else `defaultValue`,
 * else the key itself. With a numeric `count` it takes `key_<category>` by
 * the language's plural rules (`lines_one`, `lines_other`; a category a
 * language has no text for, such as Spanish "many", reads `_other`). Then
 * `{{name}}` placeholders are filled from `vars` ("" when a variable is
 * missing). The same file format and syntax i18next reads, without i18next in
 * the browser (its size: docs/performance.md): the app and the server's
 * mails share this one function.
 */
export function translateIn(language: string, messages: TTexts, key: string, vars: TTextVars = {}, fallback?: TTexts): string {
  const find = (k: string) => lookup(messages, k) ?? (fallback ? lookup(fallback, k) : undefined);
  let text: string | undefined;
  if (typeof vars.count === 'number') text = find(`${key}_${pluralOf(language, vars.count)}`) ?? find(`${key}_other`);
  text ??= find(key) ?? vars.defaultValue ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => {
    const value = vars[name];
    return value === undefined ? '' : String(value);
  });
}
