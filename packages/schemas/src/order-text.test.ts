import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney, formatOrderText, formatQuantity, type TOrderTextLine } from './order-text.ts';

describe('formatQuantity', () => {
  it.each([
    [2.5, '2.5'],
    [3, '3'],
    [0.125, '0.125'],
    [0.001, '0.001'],
    [99999, '99999'],
    [10, '10'],
    [100, '100'],
    [0.1, '0.1'],
    [1.05, '1.05'],
  ])('formats %s as %s', (quantity, expected) => {
    expect(formatQuantity(quantity)).toBe(expected);
  });

  it('drops trailing zeros of a value written with them (2.500)', () => {
    expect(formatQuantity(Number('2.500'))).toBe('2.5');
    expect(formatQuantity(Number('7.000'))).toBe('7');
  });

  it('rounds binary floating point noise to three decimals', () => {
    expect(12.1 + 0.2).not.toBe(12.3); // the noise is real
    expect(formatQuantity(12.1 + 0.2)).toBe('12.3');
    expect(formatQuantity(0.1 + 0.2)).toBe('0.3');
    expect(formatQuantity(1.1 * 3)).toBe('3.3');
  });

  it('never uses exponent notation', () => {
    expect(formatQuantity(0.001)).not.toMatch(/e/i);
    expect(formatQuantity(99999)).not.toMatch(/e/i);
  });
});

describe('formatOrderText', () => {
  const lines: TOrderTextLine[] = [
    { name: 'Tomatoes', unit: 'Kg', quantity: 2.5 },
    { name: 'Onions', unit: 'Kg', quantity: 0 },
    { name: 'Bread', unit: 'Units', quantity: 12 },
  ];

  it('puts the message first, then one line per product with a quantity', () => {
    expect(formatOrderText('Hello, this is my order:', lines)).toBe('Hello, this is my order:\n2.5 x Kg: Tomatoes\n12 x Units: Bread');
  });

  it('uses the "quantity x unit: name" format', () => {
    expect(formatOrderText('', [{ name: 'Tomatoes', unit: 'Kg', quantity: 2.5 }])).toBe('2.5 x Kg: Tomatoes');
  });

  it('omits lines with quantity zero', () => {
    const text = formatOrderText('', lines);
    expect(text).not.toContain('Onions');
    expect(text.split('\n')).toHaveLength(2);
  });

  it('keeps the lines in the given order', () => {
    const reversed = [...lines].reverse();
    expect(formatOrderText('', reversed)).toBe('12 x Units: Bread\n2.5 x Kg: Tomatoes');
  });

  it('omits an empty or whitespace-only message', () => {
    expect(formatOrderText('', lines)).toBe('2.5 x Kg: Tomatoes\n12 x Units: Bread');
    expect(formatOrderText('   \n\t ', lines)).toBe('2.5 x Kg: Tomatoes\n12 x Units: Bread');
  });

  it('trims the message', () => {
    expect(formatOrderText('  Hi  ', [{ name: 'Milk', unit: 'L', quantity: 1 }])).toBe('Hi\n1 x L: Milk');
  });

  it('keeps a multi-line message on the first lines', () => {
    expect(formatOrderText('Hi\nfor Monday', [{ name: 'Milk', unit: 'L', quantity: 1 }])).toBe('Hi\nfor Monday\n1 x L: Milk');
  });

  it('keeps accents and emoji', () => {
    expect(formatOrderText('¡Hola! 👋', [{ name: 'Jamón ibérico 🐖', unit: 'Pieza', quantity: 1 }])).toBe(
      '¡Hola! 👋\n1 x Pieza: Jamón ibérico 🐖',
    );
  });

  it('returns "" for an empty message and no lines', () => {
    expect(formatOrderText('', [])).toBe('');
    expect(formatOrderText('  ', [{ name: 'Milk', unit: 'L', quantity: 0 }])).toBe('');
  });

  it('returns only the message when no line has a quantity', () => {
    expect(formatOrderText('Nothing today', [{ name: 'Milk', unit: 'L', quantity: 0 }])).toBe('Nothing today');
  });

  it('formats quantities without trailing zeros and float noise', () => {
    expect(formatOrderText('', [{ name: 'Rice', unit: 'Kg', quantity: 12.1 + 0.2 }])).toBe('12.3 x Kg: Rice');
    expect(formatOrderText('', [{ name: 'Salt', unit: 'g', quantity: 0.001 }])).toBe('0.001 x g: Salt');
  });

  it('joins lines with "\\n" only (no CRLF, no trailing newline)', () => {
    const text = formatOrderText('Hi', lines);
    expect(text).not.toContain('\r');
    expect(text.endsWith('\n')).toBe(false);
    expect(text.split('\n')).toEqual(['Hi', '2.5 x Kg: Tomatoes', '12 x Units: Bread']);
  });
});

describe("the order text in the owner's language, with or without prices (docs/decisions.md §8.4)", () => {
  const lines: TOrderTextLine[] = [
    { name: 'Lemons', unit: 'Kg', quantity: 2, price: 3.2 },
    { name: 'Tomatoes', unit: 'Kg', quantity: 1.5, price: 1.85 },
    { name: 'Basil', unit: 'bunch', quantity: 3, price: null },
    { name: 'Onions', unit: 'Kg', quantity: 0, price: 1 },
  ];

  it("is round 1's format exactly without prices in English, prices given or not", () => {
    const round1 = 'Hi:\n2 x Kg: Lemons\n1.5 x Kg: Tomatoes\n3 x bunch: Basil';
    expect(formatOrderText('Hi:', lines)).toBe(round1);
    expect(formatOrderText('Hi:', lines, { language: 'en', prices: null })).toBe(round1);
  });

  it('writes quantities with a decimal comma in Spanish', () => {
    expect(formatOrderText('Hola:', lines, { language: 'es', prices: null })).toBe(
      'Hola:\n2 x Kg: Lemons\n1,5 x Kg: Tomatoes\n3 x bunch: Basil',
    );
  });

  it("adds each priced line's amount and a total line, counting the lines without a price", () => {
    expect(formatOrderText('', lines, { language: 'en', prices: 'EUR' })).toBe(
      '2 x Kg: Lemons · €6.40\n1.5 x Kg: Tomatoes · €2.78\n3 x bunch: Basil\nTotal: €9.18 (1 line without a price)',
    );
    expect(formatOrderText('', lines.slice(0, 2), { language: 'es', prices: 'EUR' })).toBe(
      '2 x Kg: Lemons · 6,40 €\n1,5 x Kg: Tomatoes · 2,78 €\nTotal: 9,18 €',
    );
  });

  it('has no total line when no line has a price', () => {
    expect(formatOrderText('', [{ name: 'Basil', unit: 'bunch', quantity: 3 }], { language: 'en', prices: 'USD' })).toBe(
      '3 x bunch: Basil',
    );
  });

  it('writes money with plain spaces, the same on every engine', () => {
    expect(formatMoney(1234.5, 'EUR', 'es')).toBe('1234,50 €');
    expect(formatMoney(1234.5, 'USD', 'en')).toBe('$1,234.50');
    expect(formatMoney(3, 'MXN', 'es')).toBe('3,00 MXN');
    expect(formatAmount(0.125, 'es')).toBe('0,125');
  });
});
