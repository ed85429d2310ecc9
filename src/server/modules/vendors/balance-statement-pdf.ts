import { formatDecimal } from '../../../shared/money.js';
import { pdfPrinter } from '../../lib/pdf.js';
import { documentBase, documentDate, documentLocale, LABELS, type Labels, partiesBlock } from '../payment-buckets/credit-note-pdf.js';
import type { BalanceStatement, StatementEntry } from './balance-statement.js';

/** The credit note's words for the parties, with the balance statement's own. */
const BALANCE_LABELS = {
  en: {
    ...LABELS.en,
    title: 'Balance statement',
    recipient: 'Statement for',
    period: 'Period',
    account: 'Contract',
    opening: 'Opening balance',
    closing: 'Closing balance',
    month: 'Month',
    entry: 'Entry',
    reference: 'Payment',
    balance: 'Balance',
    totals: 'In this period',
    no_entries: 'No entries in this period.',
    payout: 'payout',
    kinds: { earning: 'Earnings', payment: 'Payment', reversal: 'Reversal', cancellation: 'Cancellation', advance: 'Advance' },
    note: 'Earnings are shown per payout; each payment’s statement explains it by revenue source. Amounts below the minimum payout and amounts to recoup carry to later payouts.',
  },
  de: {
    ...LABELS.de,
    title: 'Kontoauszug',
    recipient: 'Kontoauszug für',
    period: 'Zeitraum',
    account: 'Vertrag',
    opening: 'Anfangssaldo',
    closing: 'Endsaldo',
    month: 'Monat',
    entry: 'Buchung',
    reference: 'Zahlung',
    balance: 'Saldo',
    totals: 'In diesem Zeitraum',
    no_entries: 'Keine Buchungen in diesem Zeitraum.',
    payout: 'Auszahlung',
    kinds: { earning: 'Erlöse', payment: 'Zahlung', reversal: 'Storno', cancellation: 'Stornierung', advance: 'Vorschuss' },
    note: 'Erlöse sind je Auszahlung aufgeführt; die Abrechnung jeder Zahlung erläutert sie je Erlösquelle. Beträge unter der Mindestauszahlung und zu verrechnende Beträge werden auf spätere Auszahlungen vorgetragen.',
  },
} as const;

const monthText = (iso: string) => `${iso.slice(5, 7)}.${iso.slice(0, 4)}`;

/** The balance statement as PDF bytes, in the vendor's language (German, else English): per contract, opening, entries, totals, closing. */
export async function renderBalanceStatementPdf(d: BalanceStatement): Promise<Buffer> {
  const L = BALANCE_LABELS[d.language];
  const locale = documentLocale(d.language);
  const th = (text: string, alignment?: string) => ({ text, style: 'th', alignment });
  const right = (text: string, bold = false) => ({ text, alignment: 'right', bold });
  const entryText = (e: StatementEntry) =>
    [L.kinds[e.kind], e.payout ? `${L.payout} ${monthText(e.payout.month)}${e.payout.label ? ` · ${e.payout.label}` : ''}` : null, e.description || null].filter(Boolean).join(' · ');

  const accounts = d.accounts.flatMap((a) => {
    const money = (v: string) => `${formatDecimal(v, locale, 2)} ${a.currency}`;
    const totals = Object.entries(a.totals).filter(([, v]) => v !== '0.00') as [keyof typeof L.kinds, string][];
    return [
      { text: `${L.account} #${a.contract_id} · ${a.currency}`, style: 'h2' },
      {
        table: {
          headerRows: 1,
          widths: ['auto', '*', 'auto', 'auto', 'auto'],
          body: [
            [th(L.month), th(L.entry), th(L.reference), th(L.amount, 'right'), th(L.balance, 'right')],
            [monthText(`${d.period.from}-01`), { text: L.opening, bold: true }, '', '', right(money(a.opening), true)],
            ...a.entries.map((e) => [monthText(e.month), entryText(e), e.payment_reference ?? '', right(money(e.amount)), right(money(e.balance_after))]),
            [monthText(`${d.period.to}-01`), { text: L.closing, bold: true }, '', '', right(money(a.closing), true)],
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(a.entries.length === 0 ? [{ text: L.no_entries, style: 'muted', margin: [0, 4, 0, 0] }] : []),
      ...(totals.length > 0
        ? [
            {
              table: { widths: ['*', 'auto'], body: [[{ text: L.totals, style: 'th' }, ''], ...totals.map(([kind, v]) => [L.kinds[kind], right(money(v))])] },
              layout: 'noBorders',
              margin: [260, 6, 0, 0],
            },
          ]
        : []),
    ];
  });

  const title = `${L.title} ${monthText(`${d.period.from}-01`)} – ${monthText(`${d.period.to}-01`)}`;
  const doc = {
    ...documentBase(title, d.organization),
    content: [
      { text: L.title, style: 'h1' },
      partiesBlock(d, L as unknown as Labels),
      {
        table: {
          widths: [150, '*'],
          body: [
            [th(L.date), documentDate(d.issued_on)],
            [th(L.period), `${monthText(`${d.period.from}-01`)} – ${monthText(`${d.period.to}-01`)}`],
          ],
        },
        layout: 'noBorders',
        margin: [0, 8, 0, 0],
      },
      ...(d.accounts.length === 0 ? [{ text: L.no_entries, margin: [0, 10, 0, 0] }] : accounts),
      { text: L.note, style: 'muted', margin: [0, 10, 0, 0] },
    ],
  };
  return pdfPrinter().createPdf(doc).getBuffer();
}
