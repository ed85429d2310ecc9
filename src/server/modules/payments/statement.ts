import { sql } from 'kysely';
import type { ContractShareType, RevenueShareFormula } from '../../../shared/entities/contract.js';
import type { PaymentType } from '../../../shared/entities/payment.js';
import { formatDecimal } from '../../../shared/money.js';
import { explainShares, type ShareExplanation, type ShareTerms } from '../../../shared/payment-math.js';
import type { Db } from '../../db/connection.js';
import { type CreditNoteData, documentLocale } from '../payment-buckets/credit-note-pdf.js';
import { creditNotes } from '../payment-buckets/publish.js';

/**
 * A vendor statement (issue 16, beyond the spec): one payment's line items by share type and revenue
 * source with the formula numbers filled in, then the payment's VAT, WHT, fee and total. Header, parties,
 * imprint and totals come from the credit note's loader; the shares are explained by the run's own code
 * (`explainShares`), so the statement shows the numbers the payment was made with.
 */

export interface StatementLine {
  source_id: number;
  reference_id: string;
  share_type: ContractShareType;
  revenue_type: string;
  /** As reported, in `revenue_currency` (USD for the YouTube reports). */
  revenue_usd: string;
  revenue_currency: string;
  /** Converted to the payment currency with the payout's rate of the pair, as stored (exact). */
  revenue: string;
  amount: string;
}

export interface StatementData extends Omit<CreditNoteData, 'lines' | 'credit_note_type'> {
  type: PaymentType;
  currency_rate: string;
  /** The reference of the payment a reversal or replacement stands for. */
  cancelled_reference: string | null;
  /** The vendor's percentage of each share (the contract vendor's; null on a replacement). */
  share_percentage: string | null;
  lines: StatementLine[];
  shares: ShareExplanation[];
  /** What the payment pays beyond its revenue: the balance carried since a month (negative when it recoups). */
  carried: { from: string; amount: string } | null;
}

interface ExtraRow {
  type: StatementData['type'];
  currency_rate: string;
  cancelled_reference: string | null;
  share_percentage: string | null;
}

interface LineRow extends StatementLine {
  formula: RevenueShareFormula | null;
  rev_share: string | null;
  baseline: string | null;
  fixed_income: string | null;
  threshold: string | null;
}

/**
 * The statement of payment `id`, issued `issuedOn` (`yyyy-MM-dd`), or undefined when there is no such payment.
 * `localized` writes the formulas' numbers in the vendor's language (the PDF); without it they are plain decimals (the CSV).
 */
export async function loadStatement(db: Db, id: number, issuedOn: string, opts: { localized?: boolean } = {}): Promise<StatementData | undefined> {
  const [note] = await creditNotes(db, [id], issuedOn);
  if (!note) return undefined;
  const extra = await sql<ExtraRow>`
    SELECT p.type, p.currency_rate::text AS currency_rate, c.reference AS cancelled_reference, cv.share_percentage::text AS share_percentage
    FROM payments p LEFT JOIN payments c ON c.id = p.cancelled_payment_id LEFT JOIN contract_vendors cv ON cv.id = p.contract_vendor_id
    WHERE p.id = ${id}`.execute(db);
  // The share's terms through the line's share: its row, or the row an amendment replaced since (kept by migration 0027);
  // none for a replacement on another contract.
  const lines = await sql<LineRow>`
    SELECT l.revenue_source_id::int AS source_id, s.reference_id, l.share_type, l.revenue_type, l.revenue::text AS revenue_usd, l.revenue_currency, l.revenue_final::text AS revenue,
      l.amount::text AS amount, crs.formula, crs.rev_share::text AS rev_share, crs.baseline::text AS baseline, crs.fixed_income::text AS fixed_income, crs.threshold::text AS threshold
    FROM payment_line_items l JOIN revenue_sources s ON s.id = l.revenue_source_id
    LEFT JOIN LATERAL (
      SELECT formula, rev_share, baseline, fixed_income, threshold FROM contract_revenue_shares WHERE id = l.contract_revenue_share_id
      UNION ALL
      SELECT formula, rev_share, baseline, fixed_income, threshold FROM contract_replaced_revenue_shares WHERE share_id = l.contract_revenue_share_id
      LIMIT 1) crs ON true
    WHERE l.payment_id = ${id} ORDER BY l.share_type, s.reference_id, l.id`.execute(db);
  const carried = await sql<{ from: string; amount: string }>`
    SELECT to_char(brought_forward_from, 'YYYY-MM-DD') AS from, amount::text AS amount FROM payment_line_items WHERE payment_id = ${id} AND brought_forward_from IS NOT NULL`.execute(db);
  const x = extra.rows[0];
  const terms = new Map<ContractShareType, ShareTerms>();
  for (const l of lines.rows) {
    if (l.formula && !terms.has(l.share_type)) terms.set(l.share_type, { formula: l.formula, rev_share: l.rev_share, baseline: l.baseline, fixed_income: l.fixed_income, threshold: l.threshold });
  }
  const { credit_note_type: _unused, lines: _noteLines, ...head } = note.data;
  return {
    ...head,
    type: x.type,
    currency_rate: x.currency_rate,
    cancelled_reference: x.cancelled_reference,
    // A replacement carries the cancelled payment's lines, split by the cancelled vendor's percentage, not its own.
    share_percentage: x.type !== 'reversal' && x.cancelled_reference ? null : x.share_percentage,
    carried: carried.rows[0] ?? null,
    lines: lines.rows.map(({ formula: _f, rev_share: _r, baseline: _b, fixed_income: _fi, threshold: _t, ...line }) => line),
    shares: explainShares(lines.rows, terms, head.currency, { reversal: x.type === 'reversal', format: opts.localized ? (v) => formatDecimal(v, documentLocale(head.language)) : undefined }),
  };
}
