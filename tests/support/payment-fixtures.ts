import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/connection.js';
import type { PaymentState, PaymentType } from '../../src/shared/entities/payment.js';
import { amount as money, roundTo, toDecimal } from '../../src/shared/money.js';
import '../../src/server/modules/payments/tables.js';

/** An organization, a vendor, a signed contract with one contract vendor (100%), a payout and a revenue source. */
export interface PaymentParty {
  org: number;
  vendor: number;
  contract: number;
  cv: number;
  payout: number;
  source: number;
}

export async function paymentParty(db: Db, opts: { orgName?: string; vendorName?: string; currency?: string; month?: string } = {}): Promise<PaymentParty> {
  const tag = randomBytes(3).toString('hex');
  const number = String(Math.floor(Math.random() * 1e6));
  const org = await db
    .insertInto('organizations')
    .values({
      name: opts.orgName ?? `Org ${tag}`,
      number,
      country_code: 'DE',
      currency: opts.currency ?? 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Invalidenstraße',
      street_number: '1',
      vendor_source_prefix_external: '100',
      vendor_source_prefix_internal: '200',
      vendor_source_prefix_network: '300',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const vendor = await db
    .insertInto('vendors')
    .values({ organization_id: org.id, number: Math.floor(Math.random() * 1e6), name: opts.vendorName ?? `Vendor ${tag}`, type: 'company' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const contract = await db
    .insertInto('contracts')
    .values({ organization_id: org.id, contract_type: 'adsense', currency: opts.currency ?? 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'short' } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  const cv = await db.insertInto('contract_vendors').values({ contract_id: contract.id, vendor_id: vendor.id, share_percentage: '100' }).returning('id').executeTakeFirstOrThrow();
  const payout = await db.insertInto('payouts').values({ month: opts.month ?? '2026-01-01', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
  const source = await db
    .insertInto('revenue_sources')
    .values({ type: 'youtube_label', reference_id: `SRC-${tag}`, organization_id: org.id } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { org: org.id, vendor: vendor.id, contract: contract.id, cv: cv.id, payout: payout.id, source: source.id };
}

export interface PaymentRow {
  type?: PaymentType;
  state?: PaymentState;
  amount?: string;
  vat?: string;
  wht?: string;
  start_date?: string;
  currency?: string;
  paid_at?: Date | null;
  cancelled_payment_id?: number;
}

/**
 * A payment straight in the table (states a test needs without walking there), with consistent totals.
 * Run payments are unique per (payout, contract vendor, type): each call makes a payout of the party's month.
 */
export async function insertPayment(db: Db, party: PaymentParty, row: PaymentRow = {}): Promise<number> {
  const amount = row.amount ?? '100.00';
  const vat = row.vat ?? '0.00';
  const wht = row.wht ?? '0.00';
  const total = roundTo(money(toDecimal(amount).plus(toDecimal(vat)).minus(toDecimal(wht))), 2);
  const state = row.state ?? 'new';
  // A payout of its own keeps the run key (payout, contract vendor, type) unique across a test's payments.
  const month = await db.selectFrom('payouts').select('month').where('id', '=', party.payout).executeTakeFirstOrThrow();
  const payout = await db.insertInto('payouts').values({ month: month.month, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
  const inserted = await db
    .insertInto('payments')
    .values({
      type: row.type ?? 'invoice',
      state,
      state_before_hold: state === 'on_hold' ? 'new' : null,
      payout_id: payout.id,
      organization_id: party.org,
      contract_id: party.contract,
      contract_vendor_id: party.cv,
      vendor_id: party.vendor,
      cancelled_payment_id: row.cancelled_payment_id ?? null,
      currency: row.currency ?? 'EUR',
      currency_rate: '0.9',
      start_date: row.start_date ?? '2026-01-01',
      end_date: '2026-01-31',
      due_date: '2026-02-28',
      paid_at: row.paid_at ?? (state === 'paid_out' ? new Date() : null),
      amount,
      vat_percentage: vat === '0.00' ? '0' : '19',
      vat_amount: vat,
      wht_amount: wht,
      total_amount: total,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('payment_line_items')
    .values({ payment_id: inserted.id, revenue_source_id: party.source, share_type: 'all', revenue_type: 'adsense', revenue: amount, revenue_final: amount, amount_raw: amount, amount })
    .execute();
  return inserted.id;
}
