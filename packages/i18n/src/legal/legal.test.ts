import { describe, expect, it } from 'vitest';
import { en, es } from '../index.ts';
import { type LegalDocument, type LegalLanguage, type LegalTexts, legalIn, privacy, terms } from './index.ts';

const LANGUAGES: LegalLanguage[] = ['en', 'es'];
const documents: [string, LegalTexts][] = [
  ['privacy', privacy],
  ['terms', terms],
];

/** Every text of a document, in reading order. */
function texts(doc: LegalDocument): string[] {
  return [
    doc.title,
    doc.updated,
    doc.intro,
    ...doc.sections.flatMap((section) => [
      section.heading,
      ...section.paragraphs,
      ...(section.list ?? []).flatMap((item) => (typeof item === 'string' ? [item] : [item.term, item.text])),
      ...(section.after ?? []),
    ]),
  ];
}

describe.each(documents)('%s', (name, doc) => {
  it('has the same structure in both languages', () => {
    expect(doc.es.sections.length).toBe(doc.en.sections.length);
    expect(doc.en.sections.length).toBeGreaterThan(5);
    doc.en.sections.forEach((section, index) => {
      const spanish = doc.es.sections[index]!;
      expect(spanish.paragraphs.length, `${name} §${index + 1}`).toBe(section.paragraphs.length);
      expect(spanish.list?.length, `${name} §${index + 1}`).toBe(section.list?.length);
      expect(spanish.after?.length, `${name} §${index + 1}`).toBe(section.after?.length);
    });
  });

  it.each(LANGUAGES)('has no empty heading, paragraph or list item in %s', (language) => {
    for (const section of doc[language].sections) {
      expect(section.heading.trim()).not.toBe('');
      expect(section.paragraphs.length, section.heading).toBeGreaterThan(0);
    }
    for (const text of texts(doc[language])) expect(text.trim()).not.toBe('');
  });

  it('is really translated', () => {
    const english = new Set(texts(doc.en));
    const same = texts(doc.es).filter((text) => english.has(text));
    expect(same).toEqual([]);
  });

  it('has one heading per section, never repeated', () => {
    for (const language of LANGUAGES) {
      const headings = doc[language].sections.map((section) => section.heading);
      expect(new Set(headings).size).toBe(headings.length);
    }
  });
});

describe('titles', () => {
  it('match the links to the pages', () => {
    expect(privacy.en.title).toBe(en.nav.privacy);
    expect(privacy.es.title).toBe(es.nav.privacy);
    expect(terms.en.title).toBe(en.nav.terms);
    expect(terms.es.title).toBe(es.nav.terms);
  });
});

describe('terms', () => {
  it('were last updated on 14 July 2020', () => {
    expect(terms.en.updated).toContain('14 July 2020');
    expect(terms.es.updated).toContain('14 de julio de 2020');
  });

  it('are governed by Irish law, before the courts of Ireland', () => {
    const law = (doc: LegalDocument) => texts(doc).join('\n');
    expect(law(terms.en)).toContain('laws of Ireland');
    expect(law(terms.en)).toContain('courts of Ireland');
    expect(law(terms.es)).toContain('legislación de Irlanda');
    expect(law(terms.es)).toContain('tribunales de Irlanda');
  });
});

describe('privacy', () => {
  it('names the Data Protection Commission for complaints', () => {
    expect(texts(privacy.en).join('\n')).toContain('Data Protection Commission');
    expect(texts(privacy.es).join('\n')).toContain('Comisión de Protección de Datos');
  });

  it('points to the profile buttons that give access, portability and erasure, by their own labels', () => {
    for (const [doc, locale] of [
      [privacy.en, en],
      [privacy.es, es],
    ] as const) {
      const all = texts(doc).join('\n');
      expect(all).toContain(locale.profile.download);
      expect(all).toContain(locale.profile.deleteAccount);
      expect(all).toContain('JSON');
      expect(all).not.toMatch(/within 30 days; copies|en un plazo de 30 días/);
    }
  });
});

describe('legalIn', () => {
  it('picks the language, falling back to English', () => {
    expect(legalIn(terms, 'es')).toBe(terms.es);
    expect(legalIn(terms, 'en')).toBe(terms.en);
    expect(legalIn(terms, 'fr')).toBe(terms.en);
    expect(legalIn(terms, '')).toBe(terms.en);
    expect(legalIn(terms, 'toString')).toBe(terms.en);
  });
});
