import { resources, translateIn } from '@reorder/i18n';
import { describe, expect, it } from 'vitest';
import type { Translation } from '../../lib/i18n.ts';
import { isUnusual, type Usual, unusualLines, unusualText, usualTexts } from './usual.ts';

/** The app's translation in one language, as the screens word their texts. */
const translation = (language: 'en' | 'es') => {
  const t = (key: string, vars?: Record<string, unknown>) => translateIn(language, resources[language], key, vars as { count?: number });
  return { t, i18n: { language, t } } as unknown as Translation;
};

const saturday: Usual = { quantity: 24, low: 22, high: 26, weekday: 6, basedOn: 6 };
const anyDay: Usual = { quantity: 2.5, low: 2, high: 3, weekday: null, basedOn: 4 };

describe('the usual chip (docs/decisions.md §9.5)', () => {
  it('reads the weekday, the median and the range', () => {
    expect(usualTexts(translation('es'), saturday).long).toBe('Sáb: 24 (22–26)');
    expect(usualTexts(translation('en'), saturday).long).toBe('Sat: 24 (22–26)');
    expect(usualTexts(translation('es'), saturday).short).toBe('Sáb 24');
    expect(usualTexts(translation('es'), saturday).title).toBe(
      'Los sábados sueles pedir 24, entre 22 y 26 en los últimos 6 pedidos. Toca para usarlo.',
    );
  });

  it('keeps the old wording without a weekday, the range in its tooltip; no range when every order had the same', () => {
    expect(usualTexts(translation('es'), anyDay).long).toBe('Habitual: 2,5');
    expect(usualTexts(translation('es'), anyDay).title).toBe('Habitual: 2,5, entre 2 y 3 en los últimos 4 pedidos. Toca para usarlo.');
    expect(usualTexts(translation('en'), { ...saturday, low: 24, high: 24 }).long).toBe('Sat: 24');
    expect(usualTexts(translation('en'), anyDay).short).toBe('2.5');
  });
});

describe('unusual quantities (docs/decisions.md §9.5)', () => {
  it('flags more than twice the usual or less than half, not the edges, not a line at 0', () => {
    expect(isUnusual(48.001, saturday)).toBe(true);
    expect(isUnusual(48, saturday)).toBe(false);
    expect(isUnusual(12, saturday)).toBe(false);
    expect(isUnusual(11.9, saturday)).toBe(true);
    expect(isUnusual(0, saturday)).toBe(false);
    expect(isUnusual(100, null)).toBe(false);
  });

  it('lists the flagged lines in order and words them in each language', () => {
    const products = [
      { productId: 1, name: 'Pan', usual: saturday },
      { productId: 2, name: 'Leche', usual: anyDay },
      { productId: 3, name: 'Huevos', usual: null },
    ];
    const quantities: Record<number, number> = { 1: 50, 2: 1, 3: 500 };
    const flagged = unusualLines(products, (p) => quantities[p.productId] ?? 0);
    expect(flagged.map((line) => line.product.name)).toEqual(['Pan', 'Leche']);
    expect(unusualText(translation('es'), { ...(flagged[0] as (typeof flagged)[0]), quantity: 48.5 })).toBe(
      'Pan: 48,5, los sábados sueles pedir 24',
    );
    expect(unusualText(translation('en'), flagged[0] as (typeof flagged)[0])).toBe('Pan: 50, on Saturdays you usually order 24');
    expect(unusualText(translation('es'), flagged[1] as (typeof flagged)[1])).toBe('Leche: 1, sueles pedir 2,5');
  });
});
