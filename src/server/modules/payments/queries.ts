import { sql } from 'kysely';
import type { Payment, PaymentBalanceEntry, PaymentLineItem, PaymentState, PaymentType } from '../../../shared/entities/payment.js';
import type { ContractShareType } from '../../../shared/entities/contract.js';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import type { Versioned } from '../../../shared/entities/versioned.js';
import { byIds } from '../../http/resource.js';
import { paymentFlags, stateAllows } from '../../../shared/payment-lifecycle.js';
import { payeeOf } from './payee.js';
import '../payment-buckets/tables.js';
import './tables.js';

/** The API's payment, with timestamps as dates until serialised. */
export type PaymentEntity = Payment<Date>;

/** Where an attached invoice is served (with the caller's session, see `routes.ts`). */
export const invoiceUrl = (id: number) => `/api/payments/${id}/invoice`;
/** The credit note bucket publish wrote for a self-billing payment (served by payment-buckets/routes.ts). */
export const creditNoteUrl = (id: number) => `/api/payments/${id}/credit_note`;

/** States whose payment is still owed: past its due date it is flagged. */
const OPEN_STATES: readonly PaymentState[] = ['new', 'invoice_added', 'invoice_invalid', 'needs_correction', 'payout_pending', 'exported', 'on_hold'];

/** The line items of these payments, by payment, in a stable order. */
export async function loadLineItems(db: Db, paymentIds: readonly number[]): Promise<Map<number, PaymentLineItem[]>> {
  const out = new Map<number, PaymentLineItem[]>();
  if (paymentIds.length === 0) return out;
  const rows = await db
    .selectFrom('payment_line_items as li')
    .leftJoin('revenue_sources as rs', 'rs.id', 'li.revenue_source_id')
    .select([
      'li.id',
      'li.payment_id',
      'li.revenue_source_id',
      'rs.reference_id',
      'li.share_type',
      'li.revenue_type',
      'li.external_id',
      'li.revenue',
      'li.revenue_final',
      'li.revenue_currency',
      'li.amount_raw',
      'li.amount',
      sql<string | null>`to_char(li.brought_forward_from, 'YYYY-MM-DD')`.as('brought_forward_from'),
    ])
    .where('li.payment_id', 'in', paymentIds)
    .orderBy('li.payment_id')
    .orderBy('li.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.payment_id) ?? [];
    list.push({
      id: r.id,
      revenue_source: r.revenue_source_id === null ? null : { id: r.revenue_source_id, reference_id: r.reference_id! },
      brought_forward_from: r.brought_forward_from,
      contract_revenue_share: r.share_type === null ? null : { type: r.share_type as ContractShareType },
      revenue_type: r.revenue_type,
      external_id: r.external_id,
      revenue: r.revenue,
      revenue_final: r.revenue_final,
      revenue_currency: r.revenue_currency,
      amount_raw: r.amount_raw,
      amount: r.amount,
    });
    out.set(r.payment_id, list);
  }
  return out;
}

/**
 * The ledger's entries each payment pays: those of its contract vendor's balance after the payment before
 * it, up to its own (its earning, what was carried, a reversal or an advance recouped); a reversal's and an
 * advance's own entry.
 */
export async function loadPaidEntries(db: Db, paymentIds: readonly number[]): Promise<Map<number, PaymentBalanceEntry[]>> {
  const out = new Map<number, PaymentBalanceEntry[]>();
  if (paymentIds.length === 0) return out;
  const { rows } = await sql<PaymentBalanceEntry & { paid_by: number }>`
    SELECT pe.payment_id::int AS paid_by, e.id::int AS id, e.kind, e.amount::text AS amount, e.currency, to_char(e.month, 'YYYY-MM-DD') AS month, e.description, e.payout_id::int AS payout_id
    FROM balance_entries pe
    CROSS JOIN LATERAL (SELECT max(q.id) AS id FROM balance_entries q WHERE q.contract_vendor_id = pe.contract_vendor_id AND q.kind = 'payment' AND q.id < pe.id) prev
    JOIN balance_entries e ON e.contract_vendor_id = pe.contract_vendor_id AND e.id > coalesce(prev.id, 0) AND e.id < pe.id
    WHERE pe.payment_id = ANY(${[...paymentIds]}::bigint[]) AND pe.kind = 'payment'
    UNION ALL
    SELECT payment_id::int, id::int, kind, amount::text, currency, to_char(month, 'YYYY-MM-DD'), description, payout_id::int
    FROM balance_entries WHERE payment_id = ANY(${[...paymentIds]}::bigint[]) AND kind IN ('reversal', 'advance')
    ORDER BY 1, 2`.execute(db);
  for (const { paid_by, ...entry } of rows) out.set(paid_by, [...(out.get(paid_by) ?? []), entry]);
  return out;
}

/** Payments with their organization, vendor, payout, bucket, line items and lock version, and the flags `viewer`'s roles give. */
export function loadPayments(db: Db, ids: readonly number[], viewer: CurrentUser | null): Promise<Versioned<PaymentEntity>[]> {
  return byIds(ids, async (list) => {
    // The rows and their line items in parallel: both need only the ids.
    const [rows, lines, entries] = await Promise.all([
      db
        .selectFrom('payments as p')
        .innerJoin('organizations as o', 'o.id', 'p.organization_id')
        .innerJoin('vendors as v', 'v.id', 'p.vendor_id')
        .leftJoin('payouts as po', 'po.id', 'p.payout_id')
        .leftJoin('payment_buckets as pb', 'pb.id', 'p.payment_bucket_id')
        .leftJoin('payment_files as pf', 'pf.id', 'p.payment_file_id')
        .selectAll('p')
        .leftJoin('users as vu', 'vu.id', 'p.verified_by_id')
        .select(['pf.downloaded_at as file_downloaded_at', 'o.four_eyes', 'vu.first_name as verifier_first_name', 'vu.last_name as verifier_last_name', 'o.name as organization_name', 'v.name as vendor_name', 'v.number as vendor_number', 'po.month as payout_month', 'pb.name as bucket_name'])
        .where('p.id', 'in', list)
        .execute(),
      loadLineItems(db, list),
      loadPaidEntries(db, list),
    ]);
    const today = new Date().toISOString().slice(0, 10);
    const roles = viewer?.roles ?? [];
    return rows.map((r): Versioned<PaymentEntity> => {
      const state = r.state as PaymentState;
      const type = r.type as PaymentType;
      const bucketId = r.payment_bucket_id === null ? null : Number(r.payment_bucket_id);
      const verifiedById = r.verified_by_id === null ? null : Number(r.verified_by_id);
      const input = { state, type, bucketId, fileSent: r.file_downloaded_at !== null, fourEyes: r.four_eyes, verifiedById };
      return {
        id: r.id,
        reference: r.reference,
        type,
        entry_type: type === 'reversal' ? 'reversal' : 'payment',
        state,
        organization: { id: r.organization_id, name: r.organization_name },
        vendor: { id: r.vendor_id, name: r.vendor_name, number: r.vendor_number },
        contract_id: r.contract_id,
        contract_vendor_id: r.contract_vendor_id,
        payment_bucket: bucketId === null ? null : { id: bucketId, name: r.bucket_name ?? '' },
        payout: r.payout_id === null ? null : { id: r.payout_id, month: r.payout_month! },
        advance_reason: r.advance_reason,
        cancelled_payment_id: r.cancelled_payment_id,
        revenue_types: r.revenue_types,
        currency: r.currency,
        // Revenue is reported in USD and converted at `currency_rate` (DOMAIN.md "Money, rates, rounding").
        currency_raw: 'USD',
        currency_rate: r.currency_rate,
        reverse_charge: r.reverse_charge,
        cancellable: stateAllows('can_be_cancelled', input),
        credit_note_type: r.credit_note_type,
        credit_note_url: r.credit_note_key ? creditNoteUrl(r.id) : null,
        invoice_url: r.invoice_file_key ? invoiceUrl(r.id) : null,
        invoice_number: r.invoice_number,
        invoice_attached_at: r.invoice_attached_at,
        start_date: r.start_date,
        end_date: r.end_date,
        due_date: r.due_date,
        past_due_date: OPEN_STATES.includes(state) && r.due_date < today,
        paid_at: r.paid_at,
        created_at: r.created_at,
        amount: r.amount,
        vat_amount: r.vat_amount,
        vat_percentage: r.vat_percentage,
        wht_amount: r.wht_amount,
        wht_percentage: r.wht_percentage,
        fee: r.fee,
        total_amount: r.total_amount,
        line_items: lines.get(r.id) ?? [],
        payee: payeeOf(r),
        balance_entries: entries.get(r.id) ?? [],
        verified_by: verifiedById === null ? null : { id: verifiedById, name: `${r.verifier_first_name ?? ''} ${r.verifier_last_name ?? ''}`.trim() },
        ...paymentFlags(input, roles, viewer?.id ?? null),
        lock_version: r.lock_version,
      };
    });
  });
}
