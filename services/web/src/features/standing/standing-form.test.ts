import { describe, expect, it } from 'vitest';
import { cellKey, checkDraft, dayCount, draftOf, issueTarget, type StandingValues } from './standing-form.ts';

const standing: StandingValues = {
  enabled: true,
  lines: [
    { productId: 1, quantities: { mon: 12, sat: 24 } },
    { productId: 2, quantities: { sat: 2.5 } },
  ],
  prepareHoursBefore: 12,
  autoSend: true,
  pausedDates: ['2026-12-25', '2026-12-08'],
};
const products = [
  { productId: 1, step: null },
  { productId: 2, step: null },
  { productId: 3, step: 6 },
];

describe('the standing order form (docs/decisions.md §9.5)', () => {
  it('shows the saved quantities in the language and gives them back unchanged', () => {
    const draft = draftOf(standing, 'es');
    expect(draft.cells[cellKey(2, 'sat')]).toBe('2,5');
    expect(draft.pausedDates).toEqual(['2026-12-08', '2026-12-25']);
    const { values, issues } = checkDraft(draft, products, true);
    expect(values).toEqual({ ...standing, pausedDates: ['2026-12-08', '2026-12-25'] });
    expect(issues).toEqual({ cells: {}, prepareHoursBefore: false, pausedDates: false });
    expect(dayCount(draft, products, 'sat')).toBe(2);
  });

  it('refuses a quantity off the product’s step, a bad number and hours outside 1 to 48', () => {
    const draft = draftOf(standing, 'en');
    draft.cells[cellKey(3, 'mon')] = '7';
    draft.cells[cellKey(1, 'tue')] = 'abc';
    draft.prepareHoursBefore = '49';
    const { issues } = checkDraft(draft, products, true);
    expect(issues.cells[cellKey(3, 'mon')]).toMatchObject({ kind: 'offStep', step: 6 });
    expect(issues.cells[cellKey(1, 'tue')]).toMatchObject({ kind: 'notNumber' });
    expect(issues.prepareHoursBefore).toBe(true);
    expect(checkDraft({ ...draft, prepareHoursBefore: '1.5' }, products, true).issues.prepareHoursBefore).toBe(true);
  });

  it('drops a product at 0 every day, and auto-send for a supplier who does not take email', () => {
    const draft = draftOf(standing, 'en');
    draft.cells[cellKey(2, 'sat')] = '0';
    const { values } = checkDraft(draft, products, false);
    expect(values.lines.map((line) => line.productId)).toEqual([1]);
    expect(values.autoSend).toBe(false);
  });

  it('puts a refusal of the server on its cell or field', () => {
    const sent = [
      { productId: 7, quantities: {} },
      { productId: 9, quantities: {} },
    ];
    expect(issueTarget('lines.1.quantities.sat', sent)).toEqual({ cell: cellKey(9, 'sat') });
    expect(issueTarget('prepareHoursBefore', sent)).toEqual({ field: 'prepareHoursBefore' });
    expect(issueTarget('pausedDates.3', sent)).toEqual({ field: 'pausedDates' });
    expect(issueTarget('', sent)).toEqual({ form: true });
  });
});
