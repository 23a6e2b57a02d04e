import { resources } from '@reorder/i18n';
import { FALLBACK_LANGUAGE, type TLanguage } from '@reorder/schemas/limits';
import type { InitOptions } from 'i18next';

/** How the app sets up i18next (no DOM needed, so unit tests use the very same). */
export function i18nOptions(language: TLanguage): InitOptions {
  return {
    resources: { en: { translation: resources.en }, es: { translation: resources.es } },
    lng: language,
    fallbackLng: FALLBACK_LANGUAGE,
    interpolation: { escapeValue: false },
    returnNull: false,
  };
}
