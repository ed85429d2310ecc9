import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { debtorAccount, insertPayment, payableParty, paymentParty, type PaymentParty } from '../support/payment-fixtures.js';

/**
 * Issue 23, DOMAIN.md "Payment run" step 6: a payment is paid to the payee it was made with. The vendor's
 * account or address changed afterwards reaches neither the payment nor its bank file; "refresh payee"
 * (payments_admin, audited) reads it again while no file holds the payment.
 */
const api = setupApi();
let admin: TestUser;
let reader: TestUser;
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

beforeAll(async () => {
  admin = await api.user(['payment_buckets', 'payments', 'payments_admin']);
  reader = await api.user(['payments']);
});

const payment = async (id: number, as: TestUser = admin) => {
  const res = await api.request({ method: 'GET', url: `/api/payments/${id}`, as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** 100 USD of revenue (at 1 EUR per USD) on the party's source under a 50% share, and the run's payment of it. */
async function runPayment(p: PaymentParty): Promise<number> {
  await api.db.insertInto('contract_revenue_shares').values({ contract_id: p.contract, type: 'all', formula: 'rev_share', rev_share: '50', baseline: '0' } as never).execute();
  await api.db.insertInto('contract_revenue_sources').values({ contract_id: p.contract, revenue_source_id: p.source } as never).execute();
  await api.db.insertInto('currency_rates').values({ date: '2026-01-01', base_currency: 'USD', target_currency: 'EUR', rate: '1', payout_id: p.payout }).execute();
  await api.db.insertInto('payout_revenues').values({ payout_id: p.payout, payout_file_id: 0, revenue_type: 'adsense', revenue: '100.00', revenue_source_id: p.source, allocated_by: 'manual' } as never).execute();
  expect(await runPayments(api.db, p.payout, null)).toBe(1);
  return (await api.db.selectFrom('payments').select('id').where('payout_id', '=', p.payout).executeTakeFirstOrThrow()).id;
}

/** The vendor moves bank and town after its payments were made. */
async function vendorMoves(p: PaymentParty) {
  await api.db.updateTable('vendor_payment_methods').set({ iban: 'DE89370400440532013000', account_holder: 'New Holder GmbH' }).where('vendor_id', '=', p.vendor).execute();
  await api.db.updateTable('vendor_addresses').set({ city: 'Aarhus', postal_code: '8000' }).where('vendor_id', '=', p.vendor).execute();
}

const OLD = { method_type: 'bank', is_sepa: true, iban: 'DK5000400440116243', account_holder: 'Søren Müller & Co', address: { city: 'København', postal_code: '1165', country_code: 'DK', street: 'Nørregade', street_number: '7' } };
const NEW = { method_type: 'bank', iban: 'DE89370400440532013000', account_holder: 'New Holder GmbH', address: { city: 'Aarhus', postal_code: '8000' } };

describe('the payee frozen on the payment', () => {
  it('the run and any other insert freeze the payee; the bank file pays it even after the vendor moved; refresh is refused once in a file', async () => {
    const p = await payableParty(api.db, { vendorName: 'Frozen Vendor' });
    await debtorAccount(api.db, p.org);
    const made = await runPayment(p);
    const inserted = await insertPayment(api.db, p);
    await vendorMoves(p);

    for (const id of [made, inserted]) expect((await payment(id)).payee).toMatchObject({ ...OLD, name: 'Frozen Vendor' });

    // The run's payment goes to a bucket and into a file: the file pays the account the payment was made with.
    const bucket = (await api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket: { name: 'Frozen' } }, as: admin })).json().id as number;
    await api.db.updateTable('payments').set({ state: 'payout_pending', payment_bucket_id: bucket }).where('id', '=', made).execute();
    const create = await api.request({ method: 'POST', url: `/api/payment_buckets/${bucket}/create_payment_files`, as: admin });
    expect(create.statusCode, create.body).toBe(202);
    await waitFor(async () => expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${bucket}`, as: admin })).json().jobs_pending).toBe(false));
    const [file] = (await api.request({ method: 'GET', url: `/api/payment_buckets/${bucket}`, as: admin })).json().payment_files;
    const xml = (await api.request({ method: 'GET', url: file.url, as: admin })).body;
    expect(xml).toContain('<IBAN>DK5000400440116243</IBAN>');
    expect(xml).toContain('<TwnNm>Kobenhavn</TwnNm>');
    expect(xml).not.toContain('DE89370400440532013000');

    // In a file, the payee stays: the flag says so and the action is refused, changing nothing.
    expect((await payment(made)).can_refresh_payee).toBe(false);
    const refused = await api.request({ method: 'POST', url: `/api/payments/${made}/refresh_payee`, as: admin });
    expect(refused.statusCode).toBe(422);
    expect((await payment(made)).payee).toMatchObject(OLD);
  });

  it('refresh payee takes the contract vendor\'s payee of today, audited; payments_admin only; a reversal pays nobody', async () => {
    const p = await payableParty(api.db, { vendorName: 'Moving Vendor' });
    const id = await insertPayment(api.db, p);
    await vendorMoves(p);

    expect((await payment(id, reader)).can_refresh_payee).toBe(false);
    expect((await api.request({ method: 'POST', url: `/api/payments/${id}/refresh_payee`, as: reader })).statusCode).toBe(403);
    expect((await payment(id)).payee).toMatchObject(OLD);

    expect((await payment(id)).can_refresh_payee).toBe(true);
    const res = await api.request({ method: 'POST', url: `/api/payments/${id}/refresh_payee`, as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payee).toMatchObject({ ...NEW, name: 'Moving Vendor' });
    const trail = await auditTrail(api.db, 'Payment', id);
    expect(trail.at(-1)).toMatchObject({ action: 'refresh_payee', user_id: admin.id });
    expect(JSON.stringify(trail.at(-1)!.audited_changes)).toContain('DE89370400440532013000');

    // The bulk form, all or none: a reversal has no payee to refresh.
    const reversal = await insertPayment(api.db, p, { type: 'reversal', amount: '-100.00', cancelled_payment_id: id });
    const bulk = await api.request({ method: 'POST', url: '/api/payments/refresh_payee', payload: { ids: [id, reversal] }, as: admin });
    expect(bulk.statusCode).toBe(422);
    expect(bulk.json().ineligible_ids).toEqual([reversal]);
  });

  it('a payment that publish found without a payment method starts over once its payee is refreshed', async () => {
    const p = await paymentParty(api.db, { vendorName: 'No Account Yet' });
    const id = await insertPayment(api.db, p, { state: 'needs_correction' });
    expect((await payment(id)).payee).toMatchObject({ method_type: null, iban: null, name: 'No Account Yet' });

    const method = await api.db
      .insertInto('vendor_payment_methods')
      .values({ vendor_id: p.vendor, position: 0, type: 'bank', is_sepa: true, iban: 'DK5000400440116243', account_holder: 'Now With Account' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.db.updateTable('contract_vendors').set({ vendor_payment_method_id: method.id }).where('id', '=', p.cv).execute();
    const res = await api.request({ method: 'POST', url: `/api/payments/${id}/refresh_payee`, as: admin });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'new', payee: { method_type: 'bank', iban: 'DK5000400440116243', account_holder: 'Now With Account' } });
  });
});
