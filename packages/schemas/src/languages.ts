/**
 * The languages the product speaks (docs/product.md §4), in a module of their
 * own: the web app's first screen needs them, not the rest of limits.ts.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: TLanguage = 'en';
