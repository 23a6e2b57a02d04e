/** The shape of a legal document, in each language it is written in. */

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
