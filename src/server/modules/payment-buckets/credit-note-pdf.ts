import { formatDecimal, toDecimal } from '../../../shared/money.js';
import { pdfPrinter } from '../../lib/pdf.js';

/**
 * A self-billing payment's credit note (DOMAIN "Buckets and payment files"): the organization issues it on
 * the vendor's behalf, in the vendor's language (German, else English), with the organization's legal
 * imprint for that language, the line items and the VAT or reverse-charge wording. A `detailed` note
 * adds each line's reported revenue and its conversion; a `short` one lists the lines with their amounts.
 */

export const LABELS = {
  en: {
    title: 'Credit note',
    number: 'Credit note number',
    date: 'Date',
    period: 'Service period',
    currency: 'Currency',
    issuer: 'Issued by',
    recipient: 'Credit note for',
    vendor_number: 'Vendor number',
    tax_id: 'VAT ID',
    lines: 'Line items',
    source: 'Revenue source',
    share_type: 'Share type',
    revenue_type: 'Revenue type',
    revenue: 'Revenue (USD)',
    revenue_final: 'Converted revenue',
    amount: 'Amount',
    net: 'Net amount',
    vat: 'VAT',
    wht: 'Withholding tax',
    fee: 'Fee',
    total: 'Amount payable',
    reverse_charge: 'Reverse charge: the recipient of the service is liable for the VAT (Art. 196 Directive 2006/112/EC).',
    no_vat: 'No VAT is charged.',
    self_billing: 'This credit note was issued by the recipient of the service (self-billing).',
    none: '–',
    brought_forward: 'Brought forward from',
  },
  de: {
    title: 'Gutschrift',
    number: 'Gutschriftsnummer',
    date: 'Datum',
    period: 'Leistungszeitraum',
    currency: 'Währung',
    issuer: 'Aussteller',
    recipient: 'Gutschrift für',
    vendor_number: 'Partnernummer',
    tax_id: 'USt-IdNr.',
    lines: 'Positionen',
    source: 'Umsatzquelle',
    share_type: 'Anteilsart',
    revenue_type: 'Umsatzart',
    revenue: 'Umsatz (USD)',
    revenue_final: 'Umgerechneter Umsatz',
    amount: 'Betrag',
    net: 'Nettobetrag',
    vat: 'USt.',
    wht: 'Quellensteuer',
    fee: 'Gebühr',
    total: 'Auszahlungsbetrag',
    reverse_charge: 'Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge, § 13b UStG / Art. 196 MwStSystRL).',
    no_vat: 'Es wird keine Umsatzsteuer berechnet.',
    self_billing: 'Abrechnung im Gutschriftsverfahren durch den Leistungsempfänger.',
    none: '–',
    brought_forward: 'Übertrag aus',
  },
} as const;

export interface CreditNoteLine {
  /** Null on the line of a carried balance (`brought_forward_from`, the month's first day). */
  reference_id: string | null;
  share_type: string | null;
  brought_forward_from?: string | null;
  revenue_type: string;
  revenue: string;
  revenue_final: string;
  amount: string;
}

export interface CreditNoteData {
  language: string;
  reference: string;
  /** `yyyy-MM-dd`: the day it is issued. */
  issued_on: string;
  credit_note_type: string | null;
  currency: string;
  start_date: string;
  end_date: string;
  amount: string;
  vat_percentage: string;
  vat_amount: string;
  wht_percentage: string;
  wht_amount: string;
  fee: string;
  total_amount: string;
  reverse_charge: boolean;
  organization: { name: string; address: string; imprint: string | null };
  vendor: { name: string; full_number: string; address: string; tax_id: string | null };
  lines: CreditNoteLine[];
}

export const documentDate = (iso: string) => iso.split('-').reverse().join('.');

export function creditNoteLanguage(language: string | null | undefined): keyof typeof LABELS {
  return language === 'de' ? 'de' : 'en';
}

/** The number format of a document in `language` (German as in Germany, else English with day-month dates). */
export const documentLocale = (language: string) => (creditNoteLanguage(language) === 'de' ? 'de-DE' : 'en-GB');

export type Labels = Record<keyof (typeof LABELS)['en'], string>;
type PaymentTotals = Pick<CreditNoteData, 'amount' | 'vat_percentage' | 'vat_amount' | 'wht_percentage' | 'wht_amount' | 'fee' | 'total_amount' | 'reverse_charge'>;

/** Net, VAT (none under reverse charge), WHT and fee when not 0, the total, and the VAT wording: credit notes and statements. */
export function paymentTotals(d: PaymentTotals, L: Labels, money: (v: string) => string, pct: (v: string) => string) {
  const zero = (v: string) => toDecimal(v).isZero();
  const totals: [string, string][] = [
    [L.net, money(d.amount)],
    ...(d.reverse_charge ? [] : ([[`${L.vat} ${pct(d.vat_percentage)}`, money(d.vat_amount)]] as [string, string][])),
    ...(zero(d.wht_amount) ? [] : ([[`${L.wht} ${pct(d.wht_percentage)}`, `- ${money(d.wht_amount)}`]] as [string, string][])),
    ...(zero(d.fee) ? [] : ([[L.fee, `- ${money(d.fee)}`]] as [string, string][])),
    [L.total, money(d.total_amount)],
  ];
  const vatNote = d.reverse_charge ? L.reverse_charge : zero(d.vat_amount) ? L.no_vat : null;
  return { totals, vatNote };
}

/** The totals table, right of the page, the last row bold. */
export const totalsBlock = (totals: [string, string][]) => ({
  table: { widths: ['*', 'auto'], body: totals.map(([k, v], i) => [{ text: k, bold: i === totals.length - 1 }, { text: v, alignment: 'right', bold: i === totals.length - 1 }]) },
  layout: 'lightHorizontalLines',
  margin: [220, 12, 0, 10],
});

/** Page, fonts, styles and the organization's imprint as footer: the frame of a payment document. */
export const documentBase = (title: string, organization: CreditNoteData['organization']) => ({
  info: { title, author: organization.name, producer: 'Remit', creator: 'Remit' },
  pageSize: 'A4',
  pageMargins: [50, 50, 50, 60],
  defaultStyle: { font: 'DejaVu', fontSize: 9.5 },
  styles: { h1: { fontSize: 16, bold: true, margin: [0, 0, 0, 8] }, h2: { fontSize: 11, bold: true, margin: [0, 10, 0, 6] }, th: { bold: true }, muted: { color: '#555555' } },
  footer: organization.imprint ? { text: organization.imprint, style: 'muted', fontSize: 7.5, margin: [50, 10, 50, 0] } : undefined,
});

/** Issuer (the organization) beside the recipient (the vendor with number and tax id). */
export const partiesBlock = (d: Pick<CreditNoteData, 'organization' | 'vendor'>, L: Labels) => ({
  columns: [
    { stack: [{ text: L.issuer, style: 'th' }, d.organization.name, d.organization.address] },
    { stack: [{ text: L.recipient, style: 'th' }, d.vendor.name, d.vendor.address, `${L.vendor_number}: ${d.vendor.full_number}`, `${L.tax_id}: ${d.vendor.tax_id ?? L.none}`] },
  ],
  columnGap: 20,
  margin: [0, 0, 0, 10],
});

/** The credit note as PDF bytes. */
export async function renderCreditNotePdf(d: CreditNoteData): Promise<Buffer> {
  const lng = creditNoteLanguage(d.language);
  const L = LABELS[lng];
  const locale = documentLocale(lng);
  const money = (v: string) => `${formatDecimal(v, locale, 2)} ${d.currency}`;
  const pct = (v: string) => `${formatDecimal(toDecimal(v).toString(), locale)} %`;
  const detailed = d.credit_note_type === 'detailed';
  const th = (text: string, alignment?: string) => ({ text, style: 'th', alignment });
  const right = (text: string) => ({ text, alignment: 'right' });
  const lineHead = detailed
    ? [th(L.source), th(L.share_type), th(L.revenue_type), th(L.revenue, 'right'), th(L.revenue_final, 'right'), th(L.amount, 'right')]
    : [th(L.source), th(L.share_type), th(L.revenue_type), th(L.amount, 'right')];
  const lineRows = d.lines.map((l) => {
    // A carried balance has no revenue: the line says from when, and its amount.
    if (l.brought_forward_from) {
      const from = `${L.brought_forward} ${l.brought_forward_from.slice(5, 7)}.${l.brought_forward_from.slice(0, 4)}`;
      return detailed ? [from, '', '', '', '', right(money(l.amount))] : [from, '', '', right(money(l.amount))];
    }
    return detailed
      ? [l.reference_id ?? '', l.share_type ?? '', l.revenue_type, right(formatDecimal(l.revenue, locale, 2)), right(formatDecimal(l.revenue_final, locale, 2)), right(money(l.amount))]
      : [l.reference_id ?? '', l.share_type ?? '', l.revenue_type, right(money(l.amount))];
  });
  const { totals, vatNote } = paymentTotals(d, L, money, pct);

  const doc = {
    ...documentBase(`${L.title} ${d.reference}`, d.organization),
    content: [
      { text: `${L.title} ${d.reference}`, style: 'h1' },
      partiesBlock(d, L),
      {
        table: {
          widths: [150, '*'],
          body: [
            [th(L.number), d.reference],
            [th(L.date), documentDate(d.issued_on)],
            [th(L.period), `${documentDate(d.start_date)} – ${documentDate(d.end_date)}`],
            [th(L.currency), d.currency],
          ],
        },
        layout: 'noBorders',
      },
      { text: L.lines, style: 'h2' },
      { table: { headerRows: 1, widths: detailed ? ['*', 'auto', 'auto', 'auto', 'auto', 'auto'] : ['*', 'auto', 'auto', 'auto'], body: [lineHead, ...lineRows] }, layout: 'lightHorizontalLines' },
      totalsBlock(totals),
      ...(vatNote ? [{ text: vatNote, margin: [0, 4, 0, 0] }] : []),
      { text: L.self_billing, style: 'muted', margin: [0, 4, 0, 0] },
    ],
  };
  return pdfPrinter().createPdf(doc).getBuffer();
}
