import { describe, expect, it } from 'vitest';
import { exactCell, whtReportTotals, type WhtReportRow } from '../../src/server/modules/financial-reports/wht-report.js';
import { quarterRange, validateWhtReportRequest } from '../../src/shared/validation/financial-reports.js';

describe('withholding-tax report helpers', () => {
  it('writes amounts a double carries exactly as numbers, others as their text', () => {
    expect(exactCell('1234567.89')).toBe(1234567.89);
    expect(exactCell('0.30')).toBe(0.3);
    expect(exactCell('-15.00')).toBe(-15);
    // 18 significant digits: a double would change the cents.
    expect(exactCell('1234567890123456.78')).toBe('1234567890123456.78');
  });

  it('adds the rows per currency with decimals, not floats', () => {
    const row = (currency: string, amount: string, wht_amount: string): WhtReportRow => ({
      organization: 'O', vendor_number: '403000001', vendor_name: 'V', country_code: null, tax_id: null, currency, payments: 1, amount, wht_percentage: '15', wht_amount, total_amount: amount,
    });
    // 0.1 + 0.2 is 0.30000000000000004 in floats.
    expect(whtReportTotals([row('EUR', '0.10', '0.01'), row('USD', '5.00', '0.75'), row('EUR', '0.20', '0.02')])).toEqual([
      { currency: 'EUR', payments: 2, amount: '0.3', wht_amount: '0.03', total_amount: '0.3' },
      { currency: 'USD', payments: 1, amount: '5', wht_amount: '0.75', total_amount: '5' },
    ]);
  });

  it('knows the quarters and the years allowed', () => {
    expect(quarterRange({ year: 2026, quarter: 1 })).toEqual({ from: '2026-01-01', to: '2026-04-01' });
    expect(quarterRange({ year: 2025, quarter: 4 })).toEqual({ from: '2025-10-01', to: '2026-01-01' });
    const today = new Date('2026-01-01T00:30:00Z');
    expect(validateWhtReportRequest({ year: '2025', quarter: '4' }, today)).toEqual({ ok: true, value: { year: 2025, quarter: 4 } });
    expect(validateWhtReportRequest({ year: '2024', quarter: ' ' }, today)).toEqual({ ok: false, errors: { year: ['invalid'], quarter: ['blank'] } });
  });
});
