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

export type PayableMethod = { type: 'bank'; sepa: boolean } | { type: 'paypal' } | { type: 'payee'; of: number };
export interface PayableOptions {
  orgName?: string;
  vendorName?: string;
  /** A SEPA account unless told. */
  method?: PayableMethod;
  /** The vendor's town (null: none). */
  town?: string | null;
  /** The organization to use instead of a new one. */
  org?: number;
}

/** A party whose contract vendor is paid by `method`, its vendor at an address: what payment files need of it. */
export async function payableParty(db: Db, opts: PayableOptions = {}): Promise<PaymentParty> {
  const p = await paymentParty(db, { orgName: opts.orgName, vendorName: opts.vendorName });
  if (opts.org) {
    await db.updateTable('vendors').set({ organization_id: opts.org }).where('id', '=', p.vendor).execute();
    await db.updateTable('contracts').set({ organization_id: opts.org } as never).where('id', '=', p.contract).execute();
    p.org = opts.org;
  }
  await db
    .insertInto('vendor_addresses')
    .values({ vendor_id: p.vendor, country_code: 'DK', postal_code: '1165', city: opts.town === undefined ? 'København' : opts.town, street: 'Nørregade', street_number: '7' })
    .execute();
  const method = opts.method ?? { type: 'bank', sepa: true };
  let id: number;
  if (method.type === 'bank') {
    const bank = method.sepa ? null : (await db.insertInto('banks').values({ name: 'First Bank', street: 'Main St 1', postal_code: '10001', city: 'New York', country_code: 'US', bank_key: 'FB-001' } as never).returning('id').executeTakeFirstOrThrow()).id;
    id = (
      await db
        .insertInto('vendor_payment_methods')
        .values(method.sepa ? { vendor_id: p.vendor, position: 0, type: 'bank', is_sepa: true, iban: 'DK5000400440116243', account_holder: 'Søren Müller & Co' } : { vendor_id: p.vendor, position: 0, type: 'bank', is_sepa: false, account_number: '998877', bank_id: bank, account_holder: 'Holder US' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  } else if (method.type === 'paypal') {
    id = (await db.insertInto('vendor_payment_methods').values({ vendor_id: p.vendor, position: 0, type: 'paypal', is_sepa: false, email: 'pay@vendor.example', account_holder: 'Pay Pal' }).returning('id').executeTakeFirstOrThrow()).id;
  } else {
    id = (await db.insertInto('vendor_payment_methods').values({ vendor_id: p.vendor, position: 0, type: 'alternative_payee', is_sepa: false, source_payment_method_id: method.of }).returning('id').executeTakeFirstOrThrow()).id;
  }
  await db.updateTable('contract_vendors').set({ vendor_payment_method_id: id }).where('id', '=', p.cv).execute();
  return p;
}

/** The organization's account for `currency`: the debtor of its payment files. */
export const debtorAccount = (db: Db, org: number, currency = 'EUR', iban = 'DE02120300000000202051') =>
  db.insertInto('organization_debtor_accounts').values({ organization_id: org, position: 0, currency, iban, bic: 'BYLADEM1001', account_holder: 'Remit Debtor GmbH' }).execute();

export type PendingRow = Pick<PaymentRow, 'amount' | 'vat' | 'wht' | 'currency'>;

/** `payout_pending` payments of `p` in bucket `bucketId`, ready for a payment file. */
export async function pendingInBucket(db: Db, p: PaymentParty, bucketId: number, rows: readonly PendingRow[]): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) ids.push(await insertPayment(db, p, { state: 'payout_pending', ...row }));
  await db.updateTable('payments').set({ payment_bucket_id: bucketId }).where('id', 'in', ids).execute();
  return ids;
}
