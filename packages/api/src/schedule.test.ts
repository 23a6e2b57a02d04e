import { describe, expect, it } from 'vitest';
import { cutoffsAfter, nextDelivery, type Schedule } from './schedule.ts';

const at = (iso: string) => Date.parse(iso);
const schedule = (deliveryDays: number[], cutoffTime: string | null = '14:00', leadDays = 1): Schedule => ({
  deliveryDays,
  cutoffTime,
  leadDays,
});

/** The next delivery day and its cut-off (local ISO) of a schedule in a time zone at a moment. */
function expectNext(of: Schedule, timeZone: string, now: number, [day, orderBy]: [string, string]) {
  expect(nextDelivery(of, timeZone, now)).toMatchObject({ nextDelivery: day, orderBy });
}

describe('nextDelivery', () => {
  // Wednesday 25 November 2026, 10:00 in Madrid (UTC+1).
  const wednesday = at('2026-11-25T09:00:00Z');

  it('finds the next delivery for every weekday, a day ahead (leadDays 1)', () => {
    const expected: Record<number, [string, string]> = {
      4: ['2026-11-26', '2026-11-25T14:00:00+01:00'],
      5: ['2026-11-27', '2026-11-26T14:00:00+01:00'],
      6: ['2026-11-28', '2026-11-27T14:00:00+01:00'],
      7: ['2026-11-29', '2026-11-28T14:00:00+01:00'],
      1: ['2026-11-30', '2026-11-29T14:00:00+01:00'],
      2: ['2026-12-01', '2026-11-30T14:00:00+01:00'],
      3: ['2026-12-02', '2026-12-01T14:00:00+01:00'],
    };
    for (let day = 1; day <= 7; day++) {
      const next = nextDelivery(schedule([day]), 'Europe/Madrid', wednesday);
      expect([next?.nextDelivery, next?.orderBy], `weekday ${day}`).toEqual(expected[day]);
      expect(next?.orderByMs).toBe(Date.parse(expected[day]?.[1] as string));
    }
  });

  it('with leadDays 0 takes today when today is a delivery day, and a week ahead with leadDays 7', () => {
    expectNext(schedule([3], '14:00', 0), 'Europe/Madrid', wednesday, ['2026-11-25', '2026-11-25T14:00:00+01:00']);
    expectNext(schedule([3], '08:00', 7), 'Europe/Madrid', wednesday, ['2026-12-02', '2026-11-25T08:00:00+01:00']);
  });

  it('takes the soonest of several delivery days', () => {
    expect(nextDelivery(schedule([1, 5]), 'Europe/Madrid', wednesday)?.nextDelivery).toBe('2026-11-27');
    expect(nextDelivery(schedule([1, 2, 3, 4, 5, 6, 7]), 'Europe/Madrid', wednesday)?.nextDelivery).toBe('2026-11-26');
  });

  it('keeps a cut-off that passed earlier today (shown as missed) until the day ends, then moves on', () => {
    const late = at('2026-11-25T22:59:00Z'); // 23:59 in Madrid
    expect(nextDelivery(schedule([4]), 'Europe/Madrid', late)?.orderBy).toBe('2026-11-25T14:00:00+01:00');
    const nextDay = at('2026-11-25T23:00:00Z'); // 00:00 on Thursday in Madrid
    expectNext(schedule([4]), 'Europe/Madrid', nextDay, ['2026-12-03', '2026-12-02T14:00:00+01:00']);
  });

  it("reads today in the owner's time zone, not the server's (across midnight)", () => {
    // 23:30 on Tuesday in UTC is already 00:30 on Wednesday in Madrid, and still 18:30 on Tuesday in New York.
    const now = at('2026-11-24T23:30:00Z');
    expect(nextDelivery(schedule([2], '14:00', 0), 'UTC', now)?.nextDelivery).toBe('2026-11-24');
    expect(nextDelivery(schedule([2], '14:00', 0), 'Europe/Madrid', now)?.nextDelivery).toBe('2026-12-01');
    expectNext(schedule([2], '23:59', 0), 'America/New_York', now, ['2026-11-24', '2026-11-24T23:59:00-05:00']);
    expectNext(schedule([3], '00:00', 1), 'Pacific/Auckland', now, ['2026-12-02', '2026-12-01T00:00:00+13:00']);
  });

  it('gives the delivery without a cut-off when no cut-off time is set, and nothing without delivery days', () => {
    expect(nextDelivery(schedule([5], null), 'Europe/Madrid', wednesday)).toEqual({
      nextDelivery: '2026-11-27',
      orderBy: null,
      orderByMs: null,
    });
    expect(nextDelivery(schedule([], '14:00'), 'Europe/Madrid', wednesday)).toBeUndefined();
  });

  describe('across a daylight saving change', () => {
    it('Europe/Madrid, spring: the cut-off after the change has the summer offset', () => {
      // Saturday 27 March 2027, 12:00 (UTC+1); clocks go forward at 02:00 on Sunday the 28th.
      const saturday = at('2027-03-27T11:00:00Z');
      const next = nextDelivery(schedule([1]), 'Europe/Madrid', saturday);
      expect(next).toMatchObject({ nextDelivery: '2027-03-29', orderBy: '2027-03-28T14:00:00+02:00' });
      expect(next?.orderByMs).toBe(at('2027-03-28T12:00:00Z'));
    });

    it('Europe/Madrid, spring: a cut-off in the skipped hour moves forward by the gap', () => {
      const next = nextDelivery(schedule([1], '02:30'), 'Europe/Madrid', at('2027-03-27T11:00:00Z'));
      expect(next?.orderBy).toBe('2027-03-28T03:30:00+02:00');
    });

    it('Europe/Madrid, autumn: the cut-off after the change has the winter offset', () => {
      // Saturday 30 October 2027 (UTC+2); clocks go back at 03:00 on Sunday the 31st.
      const next = nextDelivery(schedule([1], '14:00'), 'Europe/Madrid', at('2027-10-30T10:00:00Z'));
      expect(next).toMatchObject({ nextDelivery: '2027-11-01', orderBy: '2027-10-31T14:00:00+01:00' });
      expect(next?.orderByMs).toBe(at('2027-10-31T13:00:00Z'));
    });

    it('America/New_York, spring: 14 March 2027', () => {
      const next = nextDelivery(schedule([1], '09:00'), 'America/New_York', at('2027-03-13T17:00:00Z'));
      expect(next).toMatchObject({ nextDelivery: '2027-03-15', orderBy: '2027-03-14T09:00:00-04:00' });
      expect(next?.orderByMs).toBe(at('2027-03-14T13:00:00Z'));
    });

    it('America/New_York, autumn: 7 November 2027, and a cut-off in the repeated hour is the first of the two', () => {
      const saturday = at('2027-11-06T16:00:00Z');
      expectNext(schedule([1], '09:00'), 'America/New_York', saturday, ['2027-11-08', '2027-11-07T09:00:00-05:00']);
      expect(nextDelivery(schedule([1], '01:30'), 'America/New_York', saturday)?.orderBy).toBe('2027-11-07T01:30:00-04:00');
    });
  });
});

describe('cutoffsAfter', () => {
  it('lists the cut-offs after a moment, soonest first, up to a limit', () => {
    const found = cutoffsAfter(schedule([2, 5], '14:00', 1), 'Europe/Madrid', at('2026-11-25T09:00:00Z'), at('2026-12-05T00:00:00Z'));
    expect(found.map((c) => [c.deliveryDay, c.at.toISO({ suppressMilliseconds: true })])).toEqual([
      ['2026-11-27', '2026-11-26T14:00:00+01:00'],
      ['2026-12-01', '2026-11-30T14:00:00+01:00'],
      ['2026-12-04', '2026-12-03T14:00:00+01:00'],
    ]);
  });

  it('is empty without a cut-off time or delivery days', () => {
    expect(cutoffsAfter(schedule([2], null), 'UTC', 0, at('2030-01-01T00:00:00Z'))).toEqual([]);
    expect(cutoffsAfter(schedule([]), 'UTC', 0, at('2030-01-01T00:00:00Z'))).toEqual([]);
  });
});
