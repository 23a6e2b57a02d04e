import { FALLBACK_LANGUAGE, LANGUAGES, type TLanguage } from '@reorder/schemas/limits';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { i18nOptions } from './i18n-options.ts';

export const LANGUAGE_KEY = 'language';

function isLanguage(value: string | null | undefined): value is TLanguage {
  return (LANGUAGES as readonly string[]).includes(value ?? '');
}

/** localStorage `language`, else the browser's language before the dash, else English (docs/product.md §4). */
export function initialLanguage(): TLanguage {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  const browser = (navigator.language ?? '').split('-')[0]?.toLowerCase();
  return isLanguage(browser) ? browser : FALLBACK_LANGUAGE;
}

export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init(i18nOptions(initialLanguage()));
document.documentElement.lang = i18n.language;

/** Switches the language, remembers it, and tells assistive tech which language the page is in. */
export function setLanguage(language: TLanguage): void {
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}
