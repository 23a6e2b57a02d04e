import type { TOrder } from '@reorder/schemas';
import { NEW_LINE } from '@reorder/testing/fixtures';
import { describe, expect, it } from 'vitest';
import {
  type DraftState,
  draftQuantity,
  draftsReducer,
  NO_DRAFTS,
  shownOrderText,
  shownQuantity,
  shownText,
  withSavedQuantity,
} from './order-drafts.ts';

describe('draftQuantity', () => {
  it.each([
    ['2', 2],
    [' 2.5 ', 2.5],
    ['2,5', 2.5],
    ['0', 0],
    ['0.125', 0.125],
    ['99999', 99999],
  ])('reads %j as %j', (text, expected) => {
    expect(draftQuantity({ text })).toBe(expected);
  });

  it.each(['', ' ', 'abc', '-1', '1e3', '2.5.1', '100000', '1.2345', '+2'])('has no quantity for %j', (text) => {
    expect(draftQuantity({ text })).toBeUndefined();
  });

  it('has none without a draft', () => {
    expect(draftQuantity(undefined)).toBeUndefined();
  });
});

const order: TOrder = {
  id: 1,
  supplierId: 2,
  introduce: 'Hola',
  products: [
    { productId: 10, name: 'Leche', unit: 'l', quantity: 0, ...NEW_LINE },
    { productId: 11, name: 'Pan', unit: 'ud', quantity: 4, ...NEW_LINE },
  ],
  text: 'Hola\n4 x ud: Pan',
  total: 0,
  unpricedLines: 1,
  currency: 'EUR',
  showPrices: false,
  confirmUrl: null,
  ready: null,
};
const [milk, bread] = order.products as [TOrder['products'][number], TOrder['products'][number]];
const run = (...actions: Parameters<typeof draftsReducer>[1][]) => actions.reduce(draftsReducer, NO_DRAFTS);

describe('draftsReducer', () => {
  it('shows what was typed, and the saved quantity otherwise', () => {
    const state = run({ type: 'edit', productId: 10, text: '2,5' });
    expect([shownText(state, milk, 'es'), shownQuantity(state, milk)]).toEqual(['2,5', 2.5]);
    expect([shownText(state, bread, 'es'), shownQuantity(state, bread)]).toEqual(['4', 4]);
    expect(shownText(NO_DRAFTS, milk, 'es')).toBe('0');
  });

  it('shows, totals and writes the saved quantity while the field holds one the server would refuse (§9.1)', () => {
    const eggs = { ...bread, name: 'Huevos', quantity: 12, step: 6, price: 0.32 };
    const byTheBox = { ...order, products: [milk, eggs] };
    const state = run({ type: 'edit', productId: 11, text: '7' });
    expect([shownText(state, eggs, 'es'), shownQuantity(state, eggs)]).toEqual(['7', 12]);
    expect(shownOrderText(state, byTheBox, 'es')).toBe('Hola\n12 x ud: Huevos');
    expect(draftQuantity({ text: '7' }, 6)).toBeUndefined();
    expect(draftQuantity({ text: '18' }, 6)).toBe(18);
    expect(shownQuantity(run({ type: 'edit', productId: 11, text: '18' }), eggs)).toBe(18);
    // Left holding it, the draft says so; typing again starts afresh.
    const left = run({ type: 'edit', productId: 11, text: '7' }, { type: 'edit', productId: 11, text: '7', left: true });
    expect(left.quantities[11]).toEqual({ text: '7', left: true });
    expect(draftsReducer(left, { type: 'edit', productId: 11, text: '71' }).quantities[11]).toEqual({ text: '71' });
  });

  it('keeps the saved quantity while the field holds something that is not one', () => {
    const state = run({ type: 'edit', productId: 11, text: 'abc' });
    expect([shownText(state, bread, 'es'), shownQuantity(state, bread)]).toEqual(['abc', 4]);
  });

  it('drops a draft when the field is left or a tap sets the quantity, and nothing else', () => {
    const typing = run({ type: 'edit', productId: 10, text: '2,' }, { type: 'edit', productId: 11, text: '3' });
    expect(draftsReducer(typing, { type: 'drop', productId: 10 }).quantities).toEqual({ 11: { text: '3' } });
    expect(draftsReducer(typing, { type: 'drop', productId: 12 })).toBe(typing);
  });

  it('keeps the message being written until that very message is saved', () => {
    const writing = run({ type: 'write', message: 'Hola Luis' });
    expect(draftsReducer(writing, { type: 'messageSaved', message: 'Hola' }).message).toBe('Hola Luis');
    expect(draftsReducer(writing, { type: 'messageSaved', message: 'Hola Luis' }).message).toBeUndefined();
  });

  it('makes the order text the screen shows, as the server would', () => {
    const state: DraftState = run(
      { type: 'write', message: 'Para mañana' },
      { type: 'edit', productId: 10, text: '1.5' },
      { type: 'edit', productId: 11, text: '0' },
    );
    expect(shownOrderText(state, order, 'en')).toBe('Para mañana\n1.5 x l: Leche');
    expect(shownOrderText(state, order, 'es')).toBe('Para mañana\n1,5 x l: Leche');
    expect(shownOrderText(NO_DRAFTS, order, 'es')).toBe(order.text);
  });

  it("shows a saved quantity with the language's decimal mark", () => {
    const halves = withSavedQuantity(order, 10, 1.5);
    expect(shownText(NO_DRAFTS, halves.products[0] as typeof milk, 'es')).toBe('1,5');
    expect(shownText(NO_DRAFTS, halves.products[0] as typeof milk, 'en')).toBe('1.5');
  });

  it("adds each priced line's amount and the total when the supplier takes prices", () => {
    const priced: TOrder = {
      ...order,
      showPrices: true,
      products: [
        { ...milk, quantity: 2, price: 1.2 },
        { ...bread, price: null },
      ],
    };
    expect(shownOrderText(NO_DRAFTS, priced, 'es')).toBe('Hola\n2 x l: Leche · 2,40 €\n4 x ud: Pan\nTotal: 2,40 € (1 línea sin precio)');
    expect(shownOrderText(NO_DRAFTS, { ...priced, showPrices: false }, 'es')).toBe('Hola\n2 x l: Leche\n4 x ud: Pan');
  });
});

describe('withSavedQuantity', () => {
  it('puts the saved quantity in the order and makes its text again, leaving the order it was given alone', () => {
    const saved = withSavedQuantity(order, 10, 2.5);
    expect(saved.products).toEqual([
      { productId: 10, name: 'Leche', unit: 'l', quantity: 2.5, ...NEW_LINE },
      { productId: 11, name: 'Pan', unit: 'ud', quantity: 4, ...NEW_LINE },
    ]);
    expect(saved.text).toBe('Hola\n2.5 x l: Leche\n4 x ud: Pan');
    expect(order.products[0]?.quantity).toBe(0);
  });

  it('keeps every line it did not change as the same object, and makes the changed one anew with its total', () => {
    const priced: TOrder = {
      ...order,
      products: order.products.map((p) => ({ ...p, price: 1.2, lineTotal: p.quantity * 1.2 })),
    };
    const saved = withSavedQuantity(priced, 10, 2);
    // The cache compares a new answer with the old one line by line; a line kept as it was is found equal at once.
    expect(saved.products[1]).toBe(priced.products[1]);
    expect(saved.products[0]).not.toBe(priced.products[0]);
    expect(saved.products[0]).toMatchObject({ quantity: 2, lineTotal: 2.4 });
    expect(priced.products[0]).toMatchObject({ quantity: 0, lineTotal: 0 });
  });

  it('once a typed quantity is in the order, the screen shows the same text with or without its draft', () => {
    const editing = run({ type: 'edit', productId: 10, text: '3' });
    const before = shownOrderText(editing, withSavedQuantity(order, 10, 3), 'es');
    expect(shownOrderText(draftsReducer(editing, { type: 'drop', productId: 10 }), withSavedQuantity(order, 10, 3), 'es')).toBe(before);
  });
});
