import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchPattern } from './search.ts';

describe('normalizeSearchText', () => {
  it.each([
    ['Jamón', 'jamon'],
    ['ÑANDÚ', 'nandu'],
    ['Straße', 'strasse'],
    ['Crème Brûlée', 'creme brulee'],
    ['ÀÉÎÕÜ', 'aeiou'],
    ['Çà', 'ca'],
    ['already plain', 'already plain'],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeSearchText(input)).toBe(expected);
  });

  it('lets a plain query match an accented name', () => {
    expect(normalizeSearchText('Jamón Ibérico').includes(normalizeSearchText('jamon'))).toBe(true);
    expect(normalizeSearchText('jamón').includes(normalizeSearchText('JAMON'))).toBe(true);
  });

  it('collapses runs of whitespace into one space', () => {
    expect(normalizeSearchText('a   b\t\tc\n\nd')).toBe('a b c d');
  });

  it('trims', () => {
    expect(normalizeSearchText('   jamón  ')).toBe('jamon');
    expect(normalizeSearchText(' \n\t ')).toBe('');
  });

  it('keeps emoji', () => {
    expect(normalizeSearchText('Tomates 🍅')).toBe('tomates 🍅');
    expect(normalizeSearchText('🐖 Jamón')).toBe('🐖 jamon');
  });

  it('is idempotent', () => {
    const once = normalizeSearchText('  ÑANDÚ   Straße 🍅 ');
    expect(normalizeSearchText(once)).toBe(once);
  });
});

describe('searchPattern', () => {
  it('wraps the normalized text in % for a substring match', () => {
    expect(searchPattern('  Jamón  ')).toBe('%jamon%');
  });

  it('escapes the LIKE wildcards and the escape character, so they match themselves', () => {
    expect(searchPattern('50% off_x\\y')).toBe('%50\\% off\\_x\\\\y%');
  });

  it('is undefined for a blank search', () => {
    expect(searchPattern(undefined)).toBeUndefined();
    expect(searchPattern(' \t ')).toBeUndefined();
  });
});
