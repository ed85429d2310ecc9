import { describe, expect, it } from 'vitest';
import { dueDate } from '../../src/server/modules/payments/run.js';
import { addInterval, dateIn, quarterIn } from '../../src/shared/time-zone.js';

// Issue 23, DOMAIN.md "Payment run" step 5 and "Dates and time zones": due dates count from the creation
// day in the organization's time zone, and month arithmetic clamps to the month's last day.
const org = (length: number | null, unit: string | null, time_zone = 'Europe/Berlin') => ({ time_zone, payment_due_interval_length: length, payment_due_interval_unit: unit });

describe('due dates', () => {
  it('clamp a month or a year to the last day of the month it lands in', () => {
    expect(dueDate(org(1, 'm'), new Date('2026-01-31T10:00:00Z'))).toBe('2026-02-28');
    expect(dueDate(org(1, 'm'), new Date('2028-01-31T10:00:00Z'))).toBe('2028-02-29');
    expect(dueDate(org(3, 'm'), new Date('2026-11-30T10:00:00Z'))).toBe('2027-02-28');
    expect(dueDate(org(1, 'y'), new Date('2028-02-29T10:00:00Z'))).toBe('2029-02-28');
    expect(dueDate(org(14, 'd'), new Date('2026-12-25T10:00:00Z'))).toBe('2027-01-08');
    expect(dueDate(org(null, null), new Date('2026-05-31T10:00:00Z'))).toBe('2026-05-31');
  });

  it('count from the creation day where the organization is, not in UTC', () => {
    // 22:30 UTC on 31 March is 00:30 on 1 April in Berlin, still 31 March in New York.
    const instant = new Date('2026-03-31T22:30:00Z');
    expect(dueDate(org(1, 'm'), instant)).toBe('2026-05-01');
    expect(dueDate(org(1, 'm', 'America/New_York'), instant)).toBe('2026-04-30');
    expect(dateIn('UTC', instant)).toBe('2026-03-31');
    expect(quarterIn('Europe/Berlin', instant)).toBe('2026-Q2');
    expect(quarterIn('UTC', instant)).toBe('2026-Q1');
  });

  it('add days across months and years without clamping', () => {
    expect(addInterval('2026-01-31', 30, 'd')).toBe('2026-03-02');
    expect(addInterval('2026-12-31', 1, 'd')).toBe('2027-01-01');
    expect(addInterval('2026-03-31', -1, 'm')).toBe('2026-02-28');
  });
});
