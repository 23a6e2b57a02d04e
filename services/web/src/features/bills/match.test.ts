import { describe, expect, it } from 'vitest';
import { blankLine, draftAmount, draftsOf, readLines } from './lines.ts';
import { billFlags, flagText, matchOfLines } from './match.ts';

const line = (
  productId: number | null,
  flag: 'quantity' | 'price' | 'not_received' | 'not_ordered' | null,
  billedPrice = 1,
  expectedPrice = 1,
) => ({
  productId,
  ordered: 1,
  received: 1,
  billed: 1,
  expectedPrice,
  billedPrice,
  flag,
});

describe('bill flags (docs/decisions.md §9.6)', () => {
  it('words a price flag by the way the price is off', () => {
    expect(flagText(line(1, 'price', 3.3, 3.2))).toBe('priceHigher');
    expect(flagText(line(1, 'price', 3.1, 3.2))).toBe('priceLower');
    expect(flagText(line(1, 'not_received'))).toBe('not_received');
    expect(flagText(line(1, null))).toBeUndefined();
  });

  it("finds each bill line's match: products by id, lines of their own in turn", () => {
    const match = {
      lines: [line(7, null), line(null, 'not_ordered'), line(5, 'quantity'), line(null, 'not_ordered'), line(9, 'not_received')],
      difference: 0,
    };
    const lines = [{ productId: 5 }, { productId: null }, { productId: 7 }, { productId: null }, { productId: 8 }];
    expect(matchOfLines({ lines, match }).map((m) => m?.flag)).toEqual(['quantity', 'not_ordered', null, 'not_ordered', undefined]);
    expect(matchOfLines({ lines, match: null })).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(billFlags({ match })).toEqual({ texts: ['not_ordered', 'quantity', 'not_received'], count: 4 });
  });
});

describe('bill lines as typed', () => {
  it('reads decimal commas and points, and names each field that does not read', () => {
    const drafts = draftsOf([{ productId: 3, description: 'Limones', quantity: 1.5, unitPrice: 3.3, taxRate: 10 }], 'es');
    expect(drafts[0]).toMatchObject({ quantity: '1,5', unitPrice: '3,3', taxRate: '10' });
    expect(draftAmount(drafts[0]!)).toBe(4.95);
    expect(readLines(drafts)).toEqual({ lines: [{ productId: 3, description: 'Limones', quantity: 1.5, unitPrice: 3.3, taxRate: 10 }] });
    const blank = blankLine(21, 'en');
    expect(readLines([blank, { ...blank, description: 'Transport', unitPrice: '12.5', taxRate: '30.01', quantity: '-1' }])).toEqual({
      problems: [
        { description: 'required', unitPrice: 'price' },
        { quantity: 'quantity', taxRate: 'taxRate' },
      ],
    });
  });
});
