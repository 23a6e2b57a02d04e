import { describe, expect, it } from 'vitest';
import { axisMoney, bySupplier, cellAmount, monthLabels } from './months.ts';

describe('Spend months', () => {
  it('names months short, with the year on the first and where it changes', () => {
    expect(monthLabels(['2025-11', '2025-12', '2026-01', '2026-02'], 'es')).toEqual(['nov 2025', 'dic', 'ene 2026', 'feb']);
    expect(monthLabels(['2025-12', '2026-01'], 'en')).toEqual(['Dec 2025', 'Jan 2026']);
    expect(monthLabels(['2026-03', '2026-04'], 'en')).toEqual(['Mar 2026', 'Apr']);
  });

  it('writes the axis without needless decimals, thousands grouped', () => {
    expect(axisMoney(1200, 'EUR', 'es')).toBe('1.200 €');
    expect(axisMoney(1200, 'EUR', 'en')).toBe('€1,200');
    expect(axisMoney(0, 'EUR', 'es')).toBe('0 €');
    expect(axisMoney(2.5, 'EUR', 'es')).toBe('2,50 €');
  });

  it("writes the table's amounts to the cent, grouped, without the sign", () => {
    expect(cellAmount(1007.5, 'EUR', 'es')).toBe('1.007,50');
    expect(cellAmount(1007.5, 'EUR', 'en')).toBe('1,007.50');
    expect(cellAmount(0.005, 'EUR', 'en')).toBe('0.01');
  });

  it('turns months by supplier into a row per supplier, rounded to cents', () => {
    const groups = [
      { key: '2026-10', label: '', total: 10.125, orders: 1, suppliers: [{ key: '1', label: 'Frutas', total: 10.125 }] },
      {
        key: '2026-11',
        label: '',
        total: 30,
        orders: 2,
        suppliers: [
          { key: '2', label: 'Lácteos', total: 20 },
          { key: '1', label: 'Frutas', total: 1.005 },
        ],
      },
    ];
    expect(bySupplier(groups)).toEqual([
      { key: '2', label: 'Lácteos', months: [0, 20], total: 20 },
      { key: '1', label: 'Frutas', months: [10.13, 1.01], total: 11.13 },
    ]);
  });
});
