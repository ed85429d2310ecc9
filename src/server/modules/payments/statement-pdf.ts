import { formatDecimal, toDecimal } from '../../../shared/money.js';
import { pdfPrinter } from '../../lib/pdf.js';
import { creditNoteLanguage, documentBase, documentDate, documentLocale, LABELS, type Labels, partiesBlock, paymentTotals, totalsBlock } from '../payment-buckets/credit-note-pdf.js';
import type { StatementData } from './statement.js';

/** The credit note's words, with the statement's own: a statement is not an invoice or credit note, just the numbers explained. */
const STATEMENT_LABELS = {
  en: {
    ...LABELS.en,
    title: 'Statement',
    number: 'Payment reference',
    recipient: 'Statement for',
    rate: 'Exchange rate',
    type: 'Payment type',
    reversal_of: 'Reversal of payment',
    replaces: 'Replaces payment',
    share: 'Share',
    revenue_currency: 'Revenue',
    formula: 'Formula',
    vendor_part: 'Your part',
    no_terms: 'The share’s contract terms are no longer available.',
    types: { self_billing: 'Self-billing', invoice: 'Invoice', reversal: 'Reversal', advance: 'Advance, recouped from later earnings' },
    share_types: { all: 'All revenue', direct: 'Direct', indirect: 'Indirect', red: 'Red', ecommerce: 'E-commerce', shorts: 'Shorts' },
    note: 'This statement explains the payment; it is neither an invoice nor a credit note.',
  },
  de: {
    ...LABELS.de,
    title: 'Abrechnung',
    number: 'Zahlungsreferenz',
    recipient: 'Abrechnung für',
    rate: 'Wechselkurs',
    type: 'Zahlungsart',
    reversal_of: 'Storno der Zahlung',
    replaces: 'Ersetzt Zahlung',
    share: 'Anteil',
    revenue_currency: 'Umsatz',
    formula: 'Formel',
    vendor_part: 'Ihr Anteil',
    no_terms: 'Die Vertragsbedingungen dieses Anteils sind nicht mehr verfügbar.',
    types: { self_billing: 'Gutschriftsverfahren', invoice: 'Rechnung', reversal: 'Storno', advance: 'Vorschuss, mit späteren Erlösen verrechnet' },
    share_types: { all: 'Alle Umsätze', direct: 'Direkt', indirect: 'Indirekt', red: 'Red', ecommerce: 'E-Commerce', shorts: 'Shorts' },
    note: 'Diese Abrechnung erläutert die Zahlung; sie ist weder Rechnung noch Gutschrift.',
  },
} as const;

/** The statement as PDF bytes, in the vendor's language (German, else English). */
export async function renderStatementPdf(d: StatementData): Promise<Buffer> {
  const lng = creditNoteLanguage(d.language);
  const L = STATEMENT_LABELS[lng];
  const locale = documentLocale(lng);
  const num = (v: string, min = 2) => formatDecimal(toDecimal(v).toFixed(), locale, min);
  const money = (v: string) => `${formatDecimal(v, locale, 2)} ${d.currency}`;
  const pct = (v: string) => `${formatDecimal(toDecimal(v).toFixed(), locale)} %`;
  const th = (text: string, alignment?: string) => ({ text, style: 'th', alignment });
  const right = (text: string) => ({ text, alignment: 'right' });
  const { totals, vatNote } = paymentTotals(d, L as unknown as Labels, money, pct);

  const meta: [string, string][] = [
    [L.number, d.reference],
    [L.date, documentDate(d.issued_on)],
    [L.period, `${documentDate(d.start_date)} – ${documentDate(d.end_date)}`],
    [L.type, L.types[d.type]],
    [L.currency, d.currency],
    [L.rate, `1 USD = ${num(d.currency_rate, 0)} ${d.currency}`],
    ...(d.cancelled_reference ? ([[d.type === 'reversal' ? L.reversal_of : L.replaces, d.cancelled_reference]] as [string, string][]) : []),
  ];
  // Per share: its lines by revenue source, then the formula with its numbers and the vendor's part.
  const shares = d.shares.flatMap((s) => {
    const lines = d.lines.filter((l) => l.share_type === s.share_type);
    const part = d.share_percentage ? `${L.vendor_part} (${pct(d.share_percentage)})` : L.vendor_part;
    return [
      { text: `${L.share}: ${L.share_types[s.share_type]}`, style: 'h2' },
      {
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [th(L.source), th(L.revenue_type), th(L.revenue, 'right'), th(`${L.revenue_currency} (${d.currency})`, 'right'), th(L.amount, 'right')],
            ...lines.map((l) => [l.reference_id, l.revenue_type, right(num(l.revenue_usd)), right(num(l.revenue)), right(money(l.amount))]),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      {
        table: {
          widths: [150, '*'],
          body: [
            [th(L.formula), s.formula_text ?? L.no_terms],
            [th(part), money(s.amount)],
          ],
        },
        layout: 'noBorders',
        margin: [0, 4, 0, 0],
      },
    ];
  });

  const doc = {
    ...documentBase(`${L.title} ${d.reference}`, d.organization),
    content: [
      { text: `${L.title} ${d.reference}`, style: 'h1' },
      partiesBlock(d, L as unknown as Labels),
      { table: { widths: [150, '*'], body: meta.map(([k, v]) => [th(k), v]) }, layout: 'noBorders' },
      ...shares,
      // A carried balance the payment pays too (DOMAIN.md "Payment run" step 4).
      ...(d.carried
        ? [{ table: { widths: [150, '*'], body: [[th(`${L.brought_forward} ${d.carried.from.slice(5, 7)}.${d.carried.from.slice(0, 4)}`), money(d.carried.amount)]] }, layout: 'noBorders', margin: [0, 8, 0, 0] }]
        : []),
      totalsBlock(totals),
      ...(vatNote ? [{ text: vatNote, margin: [0, 4, 0, 0] }] : []),
      { text: L.note, style: 'muted', margin: [0, 4, 0, 0] },
    ],
  };
  return pdfPrinter().createPdf(doc).getBuffer();
}
