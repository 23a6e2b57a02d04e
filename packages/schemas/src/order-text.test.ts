import { describe, expect, it } from 'vitest';
import { formatOrderText, formatQuantity, type TOrderTextLine } from './order-text.ts';

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
