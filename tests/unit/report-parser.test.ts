import { describe, expect, it } from 'vitest';
import { exactDecimal, REVENUE_FIELDS, ReportParser } from '../../src/server/modules/payouts/report-parser';

describe('report numbers', () => {
  it('reads a decimal exactly as written, exponent notation written out, never through a float', () => {
    expect(exactDecimal('0.000004236151')).toBe('0.000004236151');
    expect(exactDecimal('-12.500')).toBe('-12.500');
    expect(exactDecimal('1.2E-5')).toBe('0.000012');
    expect(exactDecimal('+4.2e3')).toBe('4200');
    expect(exactDecimal('-3.25e2')).toBe('-325');
    expect(exactDecimal('123456789.123456789e-9')).toBe('0.123456789123456789');
    expect(exactDecimal('.5')).toBe('0.5');
    // 0.1 + 0.2 as a float is 0.30000000000000004; the text stays what it says.
    expect(exactDecimal('3.0000000000000000001E-1')).toBe('0.30000000000000000001');
    for (const bad of ['', '.', '1.2.3', 'n/a', '1e', '1e-', 'NaN', 'Infinity', '0x10', '1,5', '1e9999999']) expect(exactDecimal(bad)).toBeNull();
  });
});

describe('report rows', () => {
  const parse = (text: string, chunk = 7, maxLineChars = 1024) => {
    let out = '';
    const parser = new ReportParser({ kind: 'claim_raw', prefix: 'P\t', maxLineChars, emit: (t) => (out += t) });
    for (let i = 0; i < text.length; i += chunk) parser.feed(text.slice(i, i + chunk));
    parser.end();
    return out.split('\n').filter(Boolean).map((l) => l.split('\t'));
  };

  // A revenue row is the prefix's one field, the REVENUE_FIELDS columns in order, then the revenue.
  const column = (name: (typeof REVENUE_FIELDS)[number][0]) => 1 + REVENUE_FIELDS.findIndex(([n]) => n === name);
  const VIDEO = column('video_id');
  const CUSTOM = column('custom_id');
  const REVENUE = 1 + REVENUE_FIELDS.length;

  it('splits quoted fields across chunks and lines, tab or comma separated, whatever the chunk size', () => {
    const text = 'Title line\r\nVideo ID,Custom ID,Partner Revenue\r\nv1,"a ""b"", c",1\r\nv2,"two\nlines",2E0\r\n\r\n';
    for (const chunk of [1, 2, 5, 64]) {
      const rows = parse(text, chunk);
      expect(rows.map((r) => [r[VIDEO], r[CUSTOM], r[REVENUE]])).toEqual([
        ['v1', 'a "b", c', '1'],
        ['v2', 'two\\nlines', '2'],
      ]);
    }
    expect(parse('Video ID\tPartner Revenue\nv1\t0.5\n', 3).map((r) => [r[VIDEO], r[REVENUE]])).toEqual([['v1', '0.5']]);
  });

  it('refuses a line past the limit at once, without reading on', () => {
    const parser = new ReportParser({ kind: 'claim_raw', prefix: 'P\t', maxLineChars: 1024, emit: () => undefined });
    parser.feed('Video ID,Partner Revenue\n');
    expect(() => {
      for (let i = 0; i < 1000; i++) parser.feed('A'.repeat(100));
    }).toThrow('line 2: longer than 1024 characters (a line end or a closing quote is missing)');
  });
});
