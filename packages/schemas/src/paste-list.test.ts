import { describe, expect, it } from 'vitest';
import { LIMITS } from './limits.ts';
import { formatOrderText, sentText } from './order-text.ts';
import { canonicalUnit, lineAsName, parsePastedList, suggestUnits } from './paste-list.ts';

/** What one line reads as: `[name, unit, quantity]`, or the reason it is left out. */
function one(line: string) {
  const { products, skipped } = parsePastedList(line);
  if (products.length === 1 && skipped.length === 0) {
    const [product] = products;
    return [product!.name, product!.unit, product!.quantity];
  }
  if (skipped.length === 1 && products.length === 0) return skipped[0]!.reason;
  return { products, skipped };
}

describe('parsePastedList, one line at a time', () => {
  it.each([
    // Quantity, unit, name (English).
    ['2 kg tomatoes', ['Tomatoes', 'kg', 2]],
    ['2.5 kg tomatoes', ['Tomatoes', 'kg', 2.5]],
    ['2kg tomatoes', ['Tomatoes', 'kg', 2]],
    ['3 bags of flour', ['Flour', 'bag', 3]],
    ['1 case Coca-Cola', ['Coca-Cola', 'case', 1]],
    ['12 eggs', ['Eggs', null, 12]],
    ['2 x lettuce', ['Lettuce', null, 2]],
    ['½ kg ham', ['Ham', 'kg', 0.5]],
    ['1 1/2 kg ham', ['Ham', 'kg', 1.5]],
    // Name, then quantity (English).
    ['tomatoes 2 kg', ['Tomatoes', 'kg', 2]],
    ['Tomatoes: 2', ['Tomatoes', null, 2]],
    ['Lemons: 3 kg', ['Lemons', 'kg', 3]],
    ['Milk - 6 bottles', ['Milk', 'bottle', 6]],
    ['Parsley (2 bunches)', ['Parsley', 'bunch', 2]],
    ['Eggs x 30', ['Eggs', null, 30]],
    ['Eggs x30', ['Eggs', null, 30]],
    ['7up 24 each', ['7up', 'each', 24]],
    ['Coca-Cola 33cl 24 units', ['Coca-Cola 33cl', 'each', 24]],
    // Español, con coma decimal.
    ['2,5 kg de tomates', ['Tomates', 'kg', 2.5]],
    ['1,5kg de jamón', ['Jamón', 'kg', 1.5]],
    ['3 cajas de fresas', ['Fresas', 'caja', 3]],
    ['2 manojos de perejil', ['Perejil', 'manojo', 2]],
    ['1 docena de huevos', ['Huevos', 'docena', 1]],
    ['tomates 2 kilos', ['Tomates', 'kg', 2]],
    ['Tomates: 2,5 kg', ['Tomates', 'kg', 2.5]],
    ['Leche entera 12 botellas', ['Leche entera', 'botella', 12]],
    ['7up 24 ud', ['7up', 'ud', 24]],
    ['Agua 1,5l 6 uds', ['Agua 1,5l', 'ud', 6]],
    ['Huevos x 30', ['Huevos', null, 30]],
    ['Pan de molde 4', ['Pan de molde', null, 4]],
    ['6x croissants', ['Croissants', null, 6]],
    ['Aceite de oliva 5 l', ['Aceite de oliva', 'l', 5]],
    ['Queso manchego: 1/2 kg', ['Queso manchego', 'kg', 0.5]],
    // A unit we do not know, after the quantity: kept as written.
    ['Ajos 1 malla', ['Ajos', 'malla', 1]],
    ['- Ajos: 2 mallas', ['Ajos', 'mallas', 2]],
    ['Queso curado 3 cuñas', ['Queso curado', 'cuñas', 3]],
    ['Garlic 1 net', ['Garlic', 'net', 1]],
    ['Strawberries: 4 punnets', ['Strawberries', 'punnets', 4]],
    // Bullets, numbering, check boxes, emoji.
    ['- 2 kg tomatoes', ['Tomatoes', 'kg', 2]],
    ['• Lemons 3 kg', ['Lemons', 'kg', 3]],
    ['* Perejil', ['Perejil', null, null]],
    ['1. 2 kg tomates', ['Tomates', 'kg', 2]],
    ['2) Fresas 3 cajas', ['Fresas', 'caja', 3]],
    ['10. Lechuga', ['Lechuga', null, null]],
    ['☐ Harina 2 sacos', ['Harina', 'saco', 2]],
    ['[x] Azúcar 1 kg', ['Azúcar', 'kg', 1]],
    ['🍅 Tomates 2kg', ['Tomates', 'kg', 2]],
    ['[28/11/26, 9:14] Ana García: 2 kg tomates', ['Tomates', 'kg', 2]],
    // Bare names.
    ['Perejil', ['Perejil', null, null]],
    ['croissants', ['Croissants', null, null]],
    ['Jamón ibérico de bellota', ['Jamón ibérico de bellota', null, null]],
  ])('%s', (line, expected) => {
    expect(one(line)).toEqual(expected);
  });

  it.each([
    // Greetings, headings, sentences, sign-offs.
    ['Hola Pepe', 'message'],
    ['Buenos días!', 'message'],
    ['Para mañana:', 'message'],
    ['Hi Tom, order for Saturday:', 'message'],
    ['Gracias', 'message'],
    ['Thanks, see you tomorrow', 'message'],
    ['¿Tenéis fresas esta semana?', 'message'],
    ['Please leave it at the back door as usual if nobody answers', 'message'],
    // Links and our own confirmation line.
    ['https://example.com/c/abc123', 'link'],
    // Numbers it will not guess at.
    ['2 o 3 kg de tomates', 'unclear'],
    ['tomates 2-3 kg', 'unclear'],
    ['Tomates 2 kg a 3,50 €', 'unclear'],
    ['Entrega 28/11', 'unclear'],
    ['A las 9:30', 'unclear'],
    ['2 cajas tomates 5 kg', 'unclear'],
    ['100000 kg tomates', 'unclear'],
    ['0 kg tomates', 'unclear'],
    ['2.12345 kg tomates', 'unclear'],
    ['123', 'unclear'],
    ['Calle Mayor 12 3', 'unclear'],
    ['Ajos 2 o 3 mallas', 'unclear'],
    ['Garlic 2 or 3 nets', 'unclear'],
  ])('leaves out %s (%s)', (line, reason) => {
    expect(one(line)).toBe(reason);
  });
});

describe('parsePastedList, whole texts', () => {
  it('reads our own sent text back: its lines exactly, the message and the confirmation line left out', () => {
    const text = sentText(
      formatOrderText('Hola Pepe, para mañana:', [
        { name: 'Tomates', unit: 'Kg', quantity: 2.5 },
        { name: 'Jamón ibérico', unit: 'ud', quantity: 1 },
        { name: 'Fresas: las maduras', unit: 'caja', quantity: 3 },
      ]),
      { language: 'es', url: 'https://reorder.example/c/tok' },
    );
    const result = parsePastedList(text);
    expect(result.sentText).toBe(true);
    expect(result.products).toEqual([
      { line: 2, name: 'Tomates', unit: 'Kg', quantity: 2.5 },
      { line: 3, name: 'Jamón ibérico', unit: 'ud', quantity: 1 },
      { line: 4, name: 'Fresas: las maduras', unit: 'caja', quantity: 3 },
    ]);
    expect(result.skipped).toEqual([
      { line: 1, text: 'Hola Pepe, para mañana:', reason: 'message' },
      { line: 6, text: expect.stringContaining('https://reorder.example/c/tok'), reason: 'link' },
    ]);
  });

  it('reads a sent text written with a decimal comma', () => {
    expect(parsePastedList('2,5 x kg: Tomates\n1 x ud: Pan').products.map((p) => p.quantity)).toEqual([2.5, 1]);
  });

  it('reads a WhatsApp message with a greeting, a list and a sign-off, and counts lines from 1', () => {
    const text = ['Hola Pepe!', 'Para el sábado:', '', '- 2kg tomates', '- 1 caja de fresas', '- perejil', '', 'Gracias!!'].join('\r\n');
    const result = parsePastedList(text);
    expect(result.sentText).toBe(false);
    expect(result.products).toEqual([
      { line: 4, name: 'Tomates', unit: 'kg', quantity: 2 },
      { line: 5, name: 'Fresas', unit: 'caja', quantity: 1 },
      { line: 6, name: 'Perejil', unit: null, quantity: null },
    ]);
    expect(result.skipped.map((s) => [s.line, s.reason])).toEqual([
      [1, 'message'],
      [2, 'message'],
      [8, 'message'],
    ]);
  });

  it('reads nothing from an empty text', () => {
    expect(parsePastedList('  \n\n ')).toEqual({ products: [], skipped: [], sentText: false });
  });
});

describe('units', () => {
  it('keeps the forms people write as one unit', () => {
    expect(['KG', 'kilos', 'Kgs', 'kg.'].map(canonicalUnit)).toEqual(['kg', 'kg', 'kg', 'kg']);
    expect(['cajas', 'Bolsas', 'bottles', 'uds'].map(canonicalUnit)).toEqual(['caja', 'bolsa', 'bottle', 'ud']);
    expect(canonicalUnit('tomatoes')).toBeUndefined();
  });

  it("suggests the business's own units first, most used first, then the language's common ones", () => {
    expect(suggestUnits(['Kg', 'caja', 'Kg', 'manojo', 'kg'], 'es')).toEqual([
      'Kg',
      'caja',
      'manojo',
      'g',
      'l',
      'ud',
      'bolsa',
      'docena',
      'botella',
    ]);
    expect(suggestUnits([], 'en')).toEqual(['kg', 'lb', 'case', 'bag', 'bunch', 'dozen', 'bottle', 'each']);
  });
});

describe('a skipped line taken as a name', () => {
  it('keeps the words, without the bullet, for the one-tap fix', () => {
    expect(lineAsName('- Pizza 4 quesos 2 o 3')).toBe('Pizza 4 quesos 2 o 3');
    expect(lineAsName('  • ajos 1 malla grande ')).toBe('Ajos 1 malla grande');
  });

  it('offers nothing for a line without letters or longer than a name', () => {
    expect(lineAsName('123 456')).toBeUndefined();
    expect(lineAsName('a'.repeat(LIMITS.nameMax + 1))).toBeUndefined();
  });
});

/**
 * The fastest of a few runs of each task, in ms, the tasks taking turns: the
 * runs least disturbed by whatever else the machine is doing, and as
 * disturbed for one task as for the other.
 */
function fastest(tasks: Array<() => unknown>, runs = 5): number[] {
  const best = tasks.map(() => Number.POSITIVE_INFINITY);
  for (let run = 0; run < runs; run++) {
    tasks.forEach((task, i) => {
      const start = performance.now();
      task();
      best[i] = Math.min(best[i]!, performance.now() - start);
    });
  }
  return best;
}

/** `unit` repeated to exactly `length` characters. */
const fill = (unit: string, length: number) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** What owners paste: a list in the styles the parser reads, line after line. */
const NORMAL = [
  '2 kg tomates',
  'Limones: 3 kg',
  '- perejil 2 manojos',
  '1 caja de fresas',
  'Huevos x 30',
  'Rúcula',
  'Ajos 1 malla',
  '',
].join('\n');

/** Inputs made to be slow: each is `length` characters of one pattern a backtracking regex chokes on. */
const ADVERSARIAL: Record<string, (length: number) => string> = {
  'one line of digits': (length) => fill('1', length),
  'a name and a line of digits': (length) => `Tomates ${fill('1', length - 8)}`,
  'a long run of spaces inside a line': (length) => `a${fill(' ', length - 2)}b`,
  'spaces before a separator': (length) => `a${fill(' ', length - 4)}: 2`,
  'digits with separators': (length) => fill('1,1.', length),
  'numbers between spaces': (length) => `${fill('1 ', length - 1)}x`,
  'digits and hours': (length) => `a ${fill('1h', length - 2)}`,
  'repeated units': (length) => fill('kg ', length),
  'repeated quantities and units': (length) => fill('2 kg ', length),
  'repeated dashes': (length) => `a${fill(' -', length - 1)}`,
  'repeated colons': (length) => `a${fill(' :', length - 2)}a`,
  'repeated brackets': (length) => fill('a (', length),
  'lines just under the longest read, of separators': (length) => fill(`a${' :'.repeat(140)}a\n`, length),
  'lines just under the longest read, of spaces and digits': (length) => fill(`Tomates${' '.repeat(140)}${'1'.repeat(140)}\n`, length),
  'many one-digit lines': (length) => fill('1\n', length),
};

describe('parsePastedList takes time linear in what is pasted', () => {
  // Ratios, not milliseconds, between tasks of about the same length measured in turns: the
  // machine may be busy, but it is about as busy for both.
  const size = LIMITS.pasteTextMax;

  it('reads a 50,000-digit line as a line it will not guess at, not as a product', () => {
    expect(parsePastedList(fill('1', 50_000))).toMatchObject({ products: [], skipped: [{ line: 1 }] });
    expect(parsePastedList(`Tomates ${fill('1', 50_000)}`).products).toEqual([]);
  });

  it.each(Object.entries(ADVERSARIAL))('%s: no slower than a normal list of the same length', (_name, make) => {
    const text = make(size);
    const normal = fill(NORMAL, size);
    expect(text).toHaveLength(size);
    const [adversarial, usual] = fastest([() => parsePastedList(text), () => parsePastedList(normal)]);
    // A quadratic pattern took 30 to 1,000 times as long here (1.7 s for a name and 50,000 digits).
    expect(adversarial).toBeLessThan(5 * usual! + 2);
  });

  it.each([
    ['a normal list', (length: number) => fill(NORMAL, length)],
    ...Object.entries(ADVERSARIAL).filter(([name]) =>
      /^(a name and a line of digits|repeated dashes|lines just under the longest read, of separators)$/.test(name),
    ),
  ] as const)(
    '%s: ten times the text takes about as long as ten texts',
    (_name, make) => {
      const small = make(size);
      const large = make(10 * size);
      const [tenSmall, oneLarge] = fastest(
        [
          () => {
            for (let i = 0; i < 10; i++) parsePastedList(small);
          },
          () => parsePastedList(large),
        ],
        3,
      );
      // Linear: about 1 (10 times one text's time). Quadratic: about 10.
      expect(oneLarge).toBeLessThan(3 * tenSmall! + 5);
    },
    60_000,
  );
});
