import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerDate, serverNow } from './server-clock.ts';

describe('the server clock', () => {
  afterEach(() => {
    vi.useRealTimers();
    noteServerDate(new Date().toUTCString(), Date.now(), Date.now());
  });

  it("follows the server's Date header when the device's clock is more than 30 s off", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:20:00Z') });
    // The phone runs 10 minutes fast: the server says 10:10:00 during a 200 ms round trip.
    noteServerDate('Sat, 28 Nov 2026 10:10:00 GMT', Date.now() - 200, Date.now());
    expect(Math.abs(serverNow() - Date.parse('2026-11-28T10:10:00.400Z'))).toBeLessThan(1_000);
  });

  it("keeps the device's own clock within 30 s, and ignores an answer without a date", () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-28T10:20:00Z') });
    noteServerDate('Sat, 28 Nov 2026 10:19:50 GMT', Date.now(), Date.now());
    expect(serverNow()).toBe(Date.parse('2026-11-28T10:20:00Z'));
    noteServerDate('Sat, 28 Nov 2026 10:00:00 GMT', Date.now(), Date.now());
    noteServerDate(null, Date.now(), Date.now());
    expect(serverNow() - Date.now()).toBeLessThan(-19 * 60_000);
  });
});
