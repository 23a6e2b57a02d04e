import { describe, expect, it } from 'vitest';
import { cutoffLabel, shortWeekday } from './schedule-format.ts';

describe('cutoffLabel', () => {
  const now = Date.parse('2026-11-25T12:00:00Z'); // Wednesday, 13:00 in Madrid

  it('reads "order by" with the weekday and time of the cut-off in the owner time zone, and the delivery weekday', () => {
    expect(cutoffLabel({ nextDelivery: '2026-11-27', orderBy: '2026-11-26T14:00:00+01:00' }, 'Europe/Madrid', 'en', now)).toEqual({
      kind: 'orderBy',
      when: 'Thu 14:00',
      delivery: 'Fri',
      past: false,
    });
    expect(cutoffLabel({ nextDelivery: '2026-11-27', orderBy: '2026-11-26T14:00:00+01:00' }, 'America/New_York', 'es', now)).toEqual({
      kind: 'orderBy',
      when: 'jue 08:00',
      delivery: 'vie',
      past: false,
    });
  });

  it('says "today" for a cut-off later today, and marks one passed earlier today', () => {
    expect(cutoffLabel({ nextDelivery: '2026-11-26', orderBy: '2026-11-25T14:00:00+01:00' }, 'Europe/Madrid', 'en', now)).toEqual({
      kind: 'today',
      time: '14:00',
      past: false,
    });
    expect(cutoffLabel({ nextDelivery: '2026-11-26', orderBy: '2026-11-25T09:00:00+01:00' }, 'Europe/Madrid', 'en', now)).toEqual({
      kind: 'today',
      time: '09:00',
      past: true,
    });
  });

  it('gives the delivery day alone without a cut-off time, and nothing without a schedule', () => {
    expect(cutoffLabel({ nextDelivery: '2026-12-01', orderBy: null }, 'UTC', 'en', now)).toEqual({ kind: 'delivery', delivery: 'Tue' });
    expect(cutoffLabel({ nextDelivery: null, orderBy: null }, 'UTC', 'en', now)).toBeUndefined();
    expect(shortWeekday('2026-11-30', 'es')).toBe('lun');
  });
});
