import { resources, translateIn } from '@reorder/i18n';
import { describe, expect, it } from 'vitest';

/** Counts read right in both languages, through the plural forms as the app sets it up. */
/** `t` in one language, as the app words its texts. */
const fixedT = (language: 'en' | 'es') => (key: string, vars?: { count?: number }) => translateIn(language, resources[language], key, vars);

describe('plurals', () => {
  const cases = [
    ['orders.lines', 'en', ['1 product', '2 products', '0 products']],
    ['orders.lines', 'es', ['1 producto', '2 productos', '0 productos']],
    ['profile.tokenExpiryDays', 'en', ['In 1 day', 'In 2 days', 'In 0 days']],
    ['profile.tokenExpiryDays', 'es', ['En 1 día', 'En 2 días', 'En 0 días']],
    ['validation.minLength', 'en', ['Use at least 1 character', 'Use at least 2 characters', 'Use at least 0 characters']],
    ['validation.maxLength', 'es', ['Usa como máximo 1 carácter', 'Usa como máximo 2 caracteres', 'Usa como máximo 0 caracteres']],
  ] as const;
  for (const [key, language, [one, two, zero]] of cases) {
    it(`${key} in ${language}`, () => {
      const t = fixedT(language);
      expect([t(key, { count: 1 }), t(key, { count: 2 }), t(key, { count: 0 })]).toEqual([one, two, zero]);
    });
  }

  it('Spanish large numbers (CLDR "many") read as the plural', () => {
    expect(fixedT('es')('orders.lines', { count: 1_000_000 })).toBe('1000000 productos');
  });
});
