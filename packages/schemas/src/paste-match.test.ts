import { describe, expect, it } from 'vitest';
import { productMatcher } from './paste-match.ts';

const CATALOGUE = ['Tomates pera', 'Limones', 'Tomatoes', 'Pimientos rojos', 'Sal', 'Coca-Cola 33cl', 'Jamón ibérico', 'Leche'].map(
  (name, id) => ({ id, name }),
);
const match = productMatcher(CATALOGUE);
const meant = (name: string) => {
  const found = match(name);
  return found ? [found.product.name, found.how] : undefined;
};

describe('productMatcher', () => {
  it.each([
    // The same name, case and accents aside: what the server matches too.
    ['TOMATES PERA', ['Tomates pera', 'same']],
    ['jamon iberico', ['Jamón ibérico', 'same']],
    // One letter away.
    ['Tomate pera', ['Tomates pera', 'near']],
    ['Tomates perá', ['Tomates pera', 'same']],
    ['Jamon iberco', ['Jamón ibérico', 'near']],
    ['Lecha', ['Leche', 'near']],
    // Plural or singular, -s or -es, word by word (es and en).
    ['Limón', ['Limones', 'near']],
    ['Tomato', ['Tomatoes', 'near']],
    ['pimiento rojo', ['Pimientos rojos', 'near']],
    ['Leches', ['Leche', 'near']],
  ])('%s is %j', (name, expected) => {
    expect(meant(name)).toEqual(expected);
  });

  it.each([
    ['Sol', 'a short name one letter away is another word'],
    ['Coca-Cola 35cl', 'another number is another product'],
    ['Tomtaes pera', 'two letters swapped is two edits'],
    ['Patatas', 'a different name'],
    ['', 'nothing'],
  ])('%s is new (%s)', (name) => {
    expect(match(name)).toBeUndefined();
  });

  it('offers the first of two products one letter away', () => {
    const twins = productMatcher([
      { id: 1, name: 'Pan de leche' },
      { id: 2, name: 'Pan de lecha' },
    ]);
    expect(twins('Pan de lechu')?.product.id).toBe(1);
  });

  it("costs the same per name whatever the catalogue's size (1,000 products, a 500-line paste)", () => {
    // Names of one length, so that no length filter helps: every product is a candidate for a scan.
    const names = (count: number) => Array.from({ length: count }, (_, i) => ({ name: `Producto ${String(i).padStart(4, '0')}x` }));
    const pasted = Array.from({ length: 500 }, (_, i) => `Producto ${String(i * 7).padStart(4, '0')}y`);
    const small = productMatcher(names(100));
    const large = productMatcher(names(1000));
    const ask = (matcher: typeof small) => () => pasted.map(matcher);
    let [tenth, whole] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY];
    for (let run = 0; run < 5; run++) {
      let start = performance.now();
      ask(small)();
      tenth = Math.min(tenth, performance.now() - start);
      start = performance.now();
      ask(large)();
      whole = Math.min(whole, performance.now() - start);
    }
    expect(pasted.filter((name) => large(name)).length).toBeGreaterThan(100);
    // A scan of every product with `distance` takes 10 times as long for 10 times the products.
    expect(whole).toBeLessThan(3 * tenth + 2);
  });
});
