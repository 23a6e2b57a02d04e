import type { TMessages, TTextKey } from '@reorder/i18n';
import type { TAppMessages, TMoreMessages, TPageMessages } from '@reorder/i18n/en';
import { type TTextVars, translateIn } from '@reorder/i18n/translate';
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
 * Each language's texts come in parts (@reorder/i18n's `en.ts`), so a visit downloads only the
 * language it shows (each part of `es` is typed as the English one), and only what its screens word:
 * - `pages`: the app's frame and the pages that talk to no API (home, privacy, terms), all a first
 *   visit to them loads;
 * - `orders`: those and the daily work (orders, products, suppliers, businesses, errors), what the
 *   order screens load;
 * - `all`: those and the rest (profile, webhooks, feedback, spend, catalogue import, pasted lists).
 * Every screen that talks to the API loads the part it needs with its code (app/routes.ts), so it
 * never renders before its texts are here.
 */
export type TPart = 'pages' | 'orders' | 'all';
type TTexts = TPageMessages | TAppMessages | TMessages;
const PARTS: readonly TPart[] = ['pages', 'orders', 'all'];
/** A language's parts as chunks: the first visit's, the daily work's (which holds it), and the rest. */
const partsOf = (
  pages: () => Promise<TPageMessages>,
  orders: () => Promise<TAppMessages>,
  more: () => Promise<TMoreMessages>,
): Record<TPart, () => Promise<TTexts>> => ({
  pages,
  orders,
  all: () => Promise.all([orders(), more()]).then(([app, rest]) => ({ ...app, ...rest })),
});
const TEXTS: Record<TLanguage, Record<TPart, () => Promise<TTexts>>> = {
  en: partsOf(
    () => import('@reorder/i18n/en-pages').then((module) => module.enPages),
    () => import('@reorder/i18n/en-app').then((module) => module.enApp),
    () => import('@reorder/i18n/en-more').then((module) => module.enMore),
  ),
  es: partsOf(
    () => import('@reorder/i18n/es-pages').then((module) => module.esPages),
    () => import('@reorder/i18n/es-app').then((module) => module.esApp),
    () => import('@reorder/i18n/es-more').then((module) => module.esMore),
  ),
};
/** What is here of each language: the largest part loaded. */
const loaded = new Map<TLanguage, { part: TPart; texts: TTexts }>();
/** What a language switch loads: the largest part a screen has asked for. */
let wanted: TPart = 'pages';
const covers = (have: TPart | undefined, part: TPart) => have !== undefined && PARTS.indexOf(have) >= PARTS.indexOf(part);

async function loadTexts(language: TLanguage, part: TPart): Promise<void> {
  if (covers(loaded.get(language)?.part, part)) return;
  const texts = await TEXTS[language][part]();
  // A larger part may have arrived meanwhile.
  if (!covers(loaded.get(language)?.part, part)) loaded.set(language, { part, texts });
}

/** The part of the current language's texts a screen words (app/routes.ts), loaded with the screen's code. */
export async function loadScreenTexts(part: Exclude<TPart, 'pages'>): Promise<void> {
  if (!covers(wanted, part)) wanted = part;
  // The first screen's load starts beside startI18n (main.tsx), in the language that will pick.
  await loadTexts(current ? current.i18n.language : initialLanguage(), part);
}

/** `t` of the app: a key of `@reorder/i18n`'s texts, so a missing or mistyped one fails the type check. */
export type TTranslate = (key: TTextKey, vars?: TTextVars) => string;

/** What a screen words its texts with: `t` in the current language, and that language. */
export interface Translation {
  t: TTranslate;
  i18n: { language: TLanguage; t: (key: TTextKey, vars?: TTextVars & { lng?: TLanguage }) => string };
}

function translationIn(language: TLanguage): Translation {
  // Read at each call: a larger part may arrive after this translation was made.
  const t: TTranslate = (key, vars) => {
    const here = loaded.get(language);
    const text = translateIn(language, here?.texts ?? {}, key, vars);
    // A text outside the part loaded, worded before a larger part came: a bug (the screen shows the bare key).
    if (text === key && here && here.part !== 'all' && vars?.defaultValue === undefined) {
      reportError(new Error(`The text ${key} is not in the ${here.part} texts (@reorder/i18n's en.ts)`));
    }
    return text;
  };
  return {
    t,
    i18n: {
      language,
      // `lng` words one text in another language whose texts are loaded (the saved profile's language).
      // What that language's loaded part lacks reads in this one (translateIn's fallback).
      t: (key, { lng, ...vars } = {}) => {
        const other = lng ? loaded.get(lng) : undefined;
        return lng && other ? translateIn(lng, other.texts, key, vars, loaded.get(language)?.texts) : t(key, vars);
      },
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

/**
 * Loads the visitor's language: the first-visit part (`pages`) when the app opens on a page that
 * talks to no API, else the daily work's (`orders`, which holds it: no second request before the
 * screen; a screen that needs `all` fetches the rest beside its own code). The app renders once
 * this resolves.
 */
export async function startI18n(part: TPart): Promise<void> {
  const language = initialLanguage();
  if (!covers(wanted, part)) wanted = part;
  await loadTexts(language, part);
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
    await loadTexts(language, wanted);
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
