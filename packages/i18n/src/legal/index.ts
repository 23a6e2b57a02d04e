/**
 * The legal pages' texts (privacy policy, terms and conditions), in English and
 * Spanish. A subpath of their own (`@reorder/i18n/legal`) so that only the two
 * legal screens import them and they stay out of every other screen's code.
 */

import type { LegalDocument, LegalLanguage, LegalTexts } from './types.ts';

export type { LegalDocument, LegalLanguage, LegalListItem, LegalSection, LegalTexts } from './types.ts';

/** The document in `language` ("es", "en"...), English when there is none in that language. */
export function legalIn(texts: LegalTexts, language: string): LegalDocument {
  return Object.hasOwn(texts, language) ? texts[language as LegalLanguage] : texts.en;
}

export { privacy } from './privacy.ts';
export { terms } from './terms.ts';
