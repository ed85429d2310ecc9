import { stringify } from 'csv-stringify/sync';

/**
 * Spreadsheet formula injection (OWASP "CSV Injection"): a cell starting with `=`, `+`, `-`, `@`, tab or CR
 * is run as a formula by Excel or LibreOffice, so a vendor named `=HYPERLINK(...)` would act when a file is
 * opened. Such a cell gets a leading `'`, which makes it text. A plain number (`-12.50`, `+3`) is left alone so
 * it stays a number. The two patterns are written so that JavaScript and PostgreSQL (ARE) read them alike:
 * the SQL writer (COPY ... TO STDOUT) applies the same rule through `csvCellSql`.
 */
const FORMULA_START = '^[-=+@\\t\\r]';
const PLAIN_NUMBER = '^[-+]?([0-9]+([.][0-9]*)?|[.][0-9]+)$';
const formulaStart = new RegExp(FORMULA_START);
const plainNumber = new RegExp(PLAIN_NUMBER);

/** One cell as a spreadsheet reads it as text: `=1+2` → `'=1+2`, `-12.50` stays `-12.50`. */
export function csvCell(value: string): string {
  return formulaStart.test(value) && !plainNumber.test(value) ? `'${value}` : value;
}

/** The whole CSV (RFC 4180 quoting, CRLF), every cell guarded: the one writer for the files Remit makes. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return stringify(rows.map((row) => row.map(csvCell)), { record_delimiter: 'windows' });
}

/** The same guard as a SQL expression over a text expression (NULL stays NULL), for CSV written by PostgreSQL. */
export function csvCellSql(expression: string): string {
  return `CASE WHEN (${expression}) ~ '${FORMULA_START}' AND (${expression}) !~ '${PLAIN_NUMBER}' THEN '''' || (${expression}) ELSE (${expression}) END`;
}
