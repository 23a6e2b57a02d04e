import { describe, expect, it } from 'vitest';
import { resources, type TMessageKey, translate } from './index.ts';

// The app's texts and the mails', as the server has them.
const { en, es } = resources;

/** Every leaf of a texts object as [dotted key, value]. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  if (typeof node !== 'object' || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
}

function at(node: unknown, key: string): unknown {
  let current: unknown = node;
  for (const part of key.split('.')) {
    if (typeof current !== 'object' || current === null || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

// Which placeholders, not how often: Spanish may say one twice ("se venden de {{step}} en {{step}}").
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();

describe('translate', () => {
  it('fills {{name}} placeholders', () => {
    expect(translate('en', 'mail.greeting', { name: 'Ana' })).toBe('Hi Ana,');
    expect(translate('es', 'mail.greeting', { name: 'Ana' })).toBe('Hola, Ana:');
    expect(translate('en', 'mail.feedback.subject', { name: 'José' })).toBe('Feedback from José');
  });

  it('replaces a missing variable with "" rather than leaving the placeholder', () => {
    expect(translate('en', 'mail.greeting')).toBe('Hi ,');
  });

  it('does not interpret $ patterns in values', () => {
    expect(translate('en', 'mail.greeting', { name: "$& $1 $'" })).toBe("Hi $& $1 $',");
  });

  it('uses the requested language', () => {
    expect(translate('es', 'mail.resetPassword.subject')).toBe('Restablece tu contraseña');
    expect(translate('en', 'mail.resetPassword.subject')).toBe('Reset your password');
  });

  it('falls back to English for an unknown locale', () => {
    expect(translate('fr', 'mail.resetPassword.subject')).toBe('Reset your password');
    expect(translate('', 'mail.greeting', { name: 'Ana' })).toBe('Hi Ana,');
    expect(translate('toString', 'mail.signature')).toBe(en.mail.signature);
  });

  it('returns the key itself for an unknown key', () => {
    expect(translate('en', 'mail.nope' as TMessageKey)).toBe('mail.nope');
  });
});

describe('locales', () => {
  const enLeaves = leaves(en);

  it('has texts to check', () => {
    expect(enLeaves.length).toBeGreaterThan(5);
    for (const [key, value] of enLeaves) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  // Names and symbols that read the same in both languages.
  const sameInBoth = new Set([
    'app.name',
    'app.languages.en',
    'app.languages.es',
    'suppliers.services.whatsapp',
    'suppliers.services.telegram',
    'suppliers.services.sms',
    'notFound.title',
    'products.unitPlaceholder',
    // A row's price per unit, "3,25 €/Kg": the amount is written in the owner's language already.
    'orders.pricePerShort',
    // "Total" is the word in both (the Spend table's totals).
    'spend.sum',
  ]);

  it('every English key exists in Spanish with a real, translated text', () => {
    for (const [key, value] of enLeaves) {
      if (sameInBoth.has(key)) {
        expect(at(es, key), `es.${key}`).toBe(value);
        continue;
      }
      const spanish = at(es, key);
      expect(typeof spanish, `es.${key}`).toBe('string');
      expect((spanish as string).trim(), `es.${key}`).not.toBe('');
      expect(spanish, `es.${key}`).not.toBe(key);
      expect(spanish, `es.${key} is still English`).not.toBe(value);
      expect(translate('es', key as TMessageKey, { name: 'x' }), `es.${key}`).not.toBe(key);
    }
  });

  it('Spanish has no keys English lacks', () => {
    const enKeys = enLeaves.map(([key]) => key).sort();
    const esKeys = leaves(es)
      .map(([key]) => key)
      .sort();
    expect(esKeys).toEqual(enKeys);
  });

  it('both languages use the same placeholders', () => {
    for (const [key, value] of enLeaves) {
      expect(placeholders(at(es, key) as string), key).toEqual(placeholders(value as string));
    }
  });

  it('every text with a {{count}} comes in its plural forms, _one and _other, in both languages', () => {
    const counted = enLeaves.filter(([, value]) => placeholders(value as string).includes('count')).map(([key]) => key);
    expect(counted.length).toBeGreaterThan(0);
    for (const key of counted) {
      expect(key, `${key} needs _one and _other`).toMatch(/_(one|other)$/);
      const stem = key.replace(/_(one|other)$/, '');
      for (const locale of [en, es]) {
        const one = at(locale, `${stem}_one`);
        const other = at(locale, `${stem}_other`);
        expect(typeof one, `${stem}_one`).toBe('string');
        expect(typeof other, `${stem}_other`).toBe('string');
        expect(one, `${stem}: one and other read differently`).not.toBe(other);
      }
    }
  });
});
