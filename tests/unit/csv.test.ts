import { inferSchema, initParser } from 'udsv';
import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from '../../src/server/lib/csv.js';

describe('csvCell (spreadsheet formula guard)', () => {
  it('makes a cell text when it starts with =, +, -, @, tab or CR', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(csvCell('+49 30 1234')).toBe("'+49 30 1234");
    expect(csvCell('-1+2')).toBe("'-1+2");
    expect(csvCell('@SUM(A1:A2)')).toBe("'@SUM(A1:A2)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe("'\r=1");
    expect(csvCell('-')).toBe("'-");
    expect(csvCell('-1e5')).toBe("'-1e5");
  });

  it('leaves plain numbers and other text alone', () => {
    for (const value of ['-12.50', '+3', '-0.1250000000', '12', '.5', '-.5', '1.', '', 'Klangwerk GmbH', 'a=b', "O'Brien", '1-2']) expect(csvCell(value)).toBe(value);
  });

  it('writes every cell of a CSV guarded, quoted as RFC 4180 asks, and reads back as written', () => {
    const text = csvText([
      ['name', 'amount'],
      ['=HYPERLINK("http://evil.example","x")', '-12.50'],
      ['Müller, Søn', '1.00'],
    ]);
    expect(text).toBe('name,amount\r\n"\'=HYPERLINK(""http://evil.example"",""x"")",-12.50\r\n"Müller, Søn",1.00\r\n');
    const rows = initParser(inferSchema(text)).stringArrs(text);
    expect(rows).toEqual([
      ['\'=HYPERLINK("http://evil.example","x")', '-12.50'],
      ['Müller, Søn', '1.00'],
    ]);
  });
});
