/**
 * The legal pages' texts (privacy policy, terms and conditions), in English and
 * Spanish. A subpath of their own (`@reorder/i18n/legal`) so that only the two
 * legal screens import them and they stay out of every other screen's code.
 */

/** A list item: plain text, or a term in bold followed by its text. */
export type LegalListItem = string | { term: string; text: string };

/** A numbered section: paragraphs, then an optional list, then optional paragraphs after it. */
export interface LegalSection {
  heading: string;
  paragraphs: string[];
  list?: LegalListItem[];
  after?: string[];
}

export interface LegalDocument {
  title: string;
  /** The whole line, such as "Last updated: 14 July 2020". */
  updated: string;
  intro: string;
  sections: LegalSection[];
}

export type LegalLanguage = 'en' | 'es';
export type LegalTexts = Record<LegalLanguage, LegalDocument>;

/** The document in `language` ("es", "en"...), English when there is none in that language. */
export function legalIn(texts: LegalTexts, language: string): LegalDocument {
  return Object.hasOwn(texts, language) ? texts[language as LegalLanguage] : texts.en;
}

export { privacy } from './privacy.ts';
export { terms } from './terms.ts';
