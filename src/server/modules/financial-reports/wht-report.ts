import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { Db } from '../../db/connection.js';
import { fullNumberSql } from '../vendors/queries.js';
import { Decimal, minorUnits, toDecimal } from '../../../shared/money.js';
import { quarterRange, type WhtReportRequest } from '../../../shared/validation/financial-reports.js';

/** One line of the report: a vendor's paid payments of the quarter in one currency at one WHT percentage. */
export interface WhtReportRow {
  organization: string;
  /** The full number (source prefix + six digits, 403000001), as the ERP and the vendor files know it. */
  vendor_number: string;
  vendor_name: string;
  country_code: string | null;
  tax_id: string | null;
  currency: string;
  payments: number;
  amount: string;
  wht_percentage: string;
  wht_amount: string;
  total_amount: string;
}

/**
 * The quarter's withholding tax (DOMAIN.md "Payment lifecycle", "Dates and time zones"), summed per
 * vendor, currency and WHT percentage in the database (NUMERIC sums are exact): the payments paid in the
 * quarter, also those cancelled since (their money went out, and their tax was withheld). A reversal is
 * no payment: it is a receivable on the vendor's balance, settled by netting, so the later payment it
 * is recouped from is smaller by it and its tax with it (the reversals settled in a quarter are in the
 * payments of that quarter already). A paid payment cancelled and replaced with the same contract vendor
 * therefore counts once: the replacement's earning and the reversal net to nothing and nothing is paid
 * again. The quarter is the one in the organization's time zone: paid at 00:30 on 1 April in Berlin is
 * the second quarter.
 */
export async function whtReportRows(db: Db, request: WhtReportRequest): Promise<WhtReportRow[]> {
  const { from, to } = quarterRange(request);
  const inQuarter = (column: ReturnType<typeof sql.ref>) => sql`(${column} AT TIME ZONE o.time_zone) >= ${from}::timestamp AND (${column} AT TIME ZONE o.time_zone) < ${to}::timestamp`;
  const { rows } = await sql<WhtReportRow>`
    WITH counted AS (
      SELECT p.vendor_id, p.currency, p.wht_percentage, 1 AS n, p.amount, p.wht_amount, p.total_amount
      FROM payments p JOIN organizations o ON o.id = p.organization_id
      WHERE p.type <> 'reversal' AND p.paid_at IS NOT NULL AND ${inQuarter(sql.ref('p.paid_at'))}
    )
    SELECT organizations.name AS organization, ${fullNumberSql} AS vendor_number, vendors.name AS vendor_name, a.country_code,
           coalesce(t.eu_tax_id, t.de_country_tax_number, t.de_regional_tax_number, t.it_fiscal_code, t.es_nif, t.other_tax_id) AS tax_id,
           p.currency, sum(p.n)::int AS payments, sum(p.amount)::text AS amount, p.wht_percentage::text AS wht_percentage,
           sum(p.wht_amount)::text AS wht_amount, sum(p.total_amount)::text AS total_amount
    FROM counted p
    JOIN vendors ON vendors.id = p.vendor_id
    JOIN organizations ON organizations.id = vendors.organization_id
    LEFT JOIN vendor_addresses a ON a.vendor_id = vendors.id
    LEFT JOIN vendor_tax_infos t ON t.vendor_id = vendors.id
    GROUP BY organizations.id, vendors.id, a.country_code, 5, p.currency, p.wht_percentage
    ORDER BY organizations.name, vendors.number, vendors.id, p.currency, p.wht_percentage`.execute(db);
  return rows;
}

/** Per currency, the sums of the rows, added with decimal.js. */
export function whtReportTotals(rows: readonly WhtReportRow[]): { currency: string; payments: number; amount: string; wht_amount: string; total_amount: string }[] {
  const byCurrency = new Map<string, { payments: number; amount: Decimal; wht_amount: Decimal; total_amount: Decimal }>();
  for (const r of rows) {
    const t = byCurrency.get(r.currency) ?? { payments: 0, amount: new Decimal(0), wht_amount: new Decimal(0), total_amount: new Decimal(0) };
    t.payments += r.payments;
    t.amount = t.amount.plus(toDecimal(r.amount));
    t.wht_amount = t.wht_amount.plus(toDecimal(r.wht_amount));
    t.total_amount = t.total_amount.plus(toDecimal(r.total_amount));
    byCurrency.set(r.currency, t);
  }
  return [...byCurrency.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, t]) => ({ currency, payments: t.payments, amount: t.amount.toFixed(), wht_amount: t.wht_amount.toFixed(), total_amount: t.total_amount.toFixed() }));
}

/**
 * A spreadsheet cell's value for an exact decimal. exceljs writes a number as JavaScript prints it, the
 * shortest text that reads back as the same double: for values of up to 15 significant digits (every
 * realistic amount) that text is the decimal itself, so the file holds the exact cents. A value a
 * double cannot carry exactly is written as its text instead of a changed number.
 */
export function exactCell(value: string): number | string {
  const n = Number(value);
  return Number.isFinite(n) && new Decimal(String(n)).equals(toDecimal(value)) ? n : toDecimal(value).toFixed();
}

const amountFormat = (currency: string) => {
  const digits = minorUnits(currency);
  return digits === 0 ? '#,##0' : `#,##0.${'0'.repeat(digits)}`;
};

export const WHT_REPORT_COLUMNS = ['Organization', 'Vendor number', 'Vendor', 'Country', 'Tax ID', 'Currency', 'Payments', 'Amount', 'WHT %', 'Tax withheld', 'Paid out'] as const;

export function whtReportFileName({ year, quarter }: WhtReportRequest): string {
  return `withholding-tax-report-${year}-Q${quarter}.xlsx`;
}

/** The report as an xlsx: a header row, one row per vendor, currency and percentage, then a total per currency. */
export async function whtReportWorkbook(request: WhtReportRequest, rows: readonly WhtReportRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Remit';
  const sheet = workbook.addWorksheet(`WHT ${request.year} Q${request.quarter}`, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = WHT_REPORT_COLUMNS.map((header, i) => ({ header, width: [28, 14, 32, 9, 18, 10, 10, 16, 9, 16, 16][i] }));
  sheet.getRow(1).font = { bold: true };
  const money = (row: ExcelJS.Row, currency: string) => {
    for (const col of [8, 10, 11]) row.getCell(col).numFmt = amountFormat(currency);
  };
  for (const r of rows) {
    const row = sheet.addRow([
      r.organization,
      r.vendor_number,
      r.vendor_name,
      r.country_code ?? '',
      r.tax_id ?? '',
      r.currency,
      r.payments,
      exactCell(r.amount),
      exactCell(r.wht_percentage),
      exactCell(r.wht_amount),
      exactCell(r.total_amount),
    ]);
    money(row, r.currency);
    row.getCell(9).numFmt = '0.00##';
  }
  sheet.addRow([]);
  for (const t of whtReportTotals(rows)) {
    const row = sheet.addRow([`Total ${t.currency}`, null, null, null, null, t.currency, t.payments, exactCell(t.amount), null, exactCell(t.wht_amount), exactCell(t.total_amount)]);
    row.font = { bold: true };
    money(row, t.currency);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
