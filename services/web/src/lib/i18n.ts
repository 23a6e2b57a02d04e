import type { TMessages } from '@reorder/i18n';
import { type TTextVars, type TTranslate, translateIn } from '@reorder/i18n/translate';
import { FALLBACK_LANGUAGE, LANGUAGES, type TLanguage } from '@reorder/schemas/languages';
import { useSyncExternalStore } from 'react';
import { manifestFile } from './manifest-file.ts';

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

/**
 * Each language's texts are a chunk of their own, so a visit downloads only
 * the language it shows (both are complete: `es` is typed as `TMessages`).
 */
const TEXTS: Record<TLanguage, () => Promise<TMessages>> = {
  en: () => import('@reorder/i18n/en').then((module) => module.en),
  es: () => import('@reorder/i18n/es').then((module) => module.es),
};
const loaded = new Map<TLanguage, TMessages>();

async function loadTexts(language: TLanguage): Promise<TMessages> {
  let texts = loaded.get(language);
  if (!texts) {
    texts = await TEXTS[language]();
    loaded.set(language, texts);
  }
  return texts;
}

/** What a screen words its texts with: `t` in the current language, and that language. */
export interface Translation {
  t: TTranslate;
  i18n: { language: TLanguage; t: (key: string, vars?: TTextVars & { lng?: TLanguage }) => string };
}

function translationIn(language: TLanguage): Translation {
  const texts = loaded.get(language) as TMessages;
  const t: TTranslate = (key, vars) => translateIn(language, texts, key, vars);
  return {
    t,
    i18n: {
      language,
      // `lng` words one text in another language whose texts are loaded (the saved profile's language).
      t: (key, { lng, ...vars } = {}) =>
        lng && loaded.has(lng) ? translateIn(lng, loaded.get(lng) as TMessages, key, vars) : t(key, vars),
    },
  };
}

let current: Translation | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function currentTranslation(): Translation {
  if (!current) throw new Error('startI18n() must resolve before the app renders');
  return current;
}

/**
 * The texts in the current language; the screen renders again when the
 * language changes. (The app's own few lines instead of i18next: see
 * `translateIn` in @reorder/i18n for the syntax both read.)
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, currentTranslation);
}

/** The current language outside React (links, dates in callbacks). */
export function currentLanguage(): TLanguage {
  return currentTranslation().i18n.language;
}

/** Loads the visitor's language; the app renders once this resolves. */
export async function startI18n(): Promise<void> {
  const language = initialLanguage();
  await loadTexts(language);
  current = translationIn(language);
  showLanguage(language);
}

/**
 * Tells assistive tech which language the page is in, and links the web app
 * manifest in that language, so installing names the app in it (manifest.config.ts).
 */
function showLanguage(language: TLanguage) {
  document.documentElement.lang = language;
  // The server paints `/` and `/login` before this code runs, in the language this cookie names (services/server/src/web.ts).
  // biome-ignore lint/suspicious/noDocumentCookie: a plain cookie is all the server needs; the Cookie Store API is not in Safari.
  document.cookie = `language=${language}; path=/; max-age=31536000; samesite=lax`;
  const manifest = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  const href = `/${manifestFile(language)}`;
  if (manifest && manifest.getAttribute('href') !== href) manifest.setAttribute('href', href);
}

/** Switches the language (fetching its texts the first time), remembers it, and shows it (`showLanguage`). */
export async function setLanguage(language: TLanguage): Promise<void> {
  try {
    await loadTexts(language);
  } catch (error) {
    // Offline with the other language never fetched: the screen stays as it is.
    console.warn(`The ${language} texts could not be loaded`, error);
    return;
  }
  localStorage.setItem(LANGUAGE_KEY, language);
  showLanguage(language);
  if (current?.i18n.language === language) return;
  current = translationIn(language);
  for (const listener of listeners) listener();
}
