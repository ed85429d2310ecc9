import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../src/server/lib/storage.js';
import { setupApi } from '../support/api.js';
import { finishWithRestartedWorker, hold, killMidRun, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';
import { organizationValues } from '../support/records.js';

/**
 * Publish's exactly-once promise against a real crash: a bucket's publish job is worked by a separate worker
 * process, killed with SIGKILL while its second batch of credit notes waits to be recorded (the first batch
 * committed and mailed, the second's PDFs written but not recorded), and a restarted worker finishes the same
 * job. Every payment must end with exactly one credit note and exactly one mail.
 */
// No workers in this process: the forked workers must be the ones that publish and mail.
const api = setupApi({ workers: false });
/** Publish records its notes 50 payments at a time: a full first batch and a second of three. */
const PAYMENTS = 53;
const MAIL_JOB = 'payment_buckets.credit_note_mail';
let bucketId = 0;
let paymentIds: number[] = [];

beforeAll(async () => {
  const org = (
    await api.db
      .insertInto('organizations')
      .values(organizationValues({ name: 'Absturz Verlag GmbH', number: '702', street_number: '4', vendor_source_prefix_external: '120', vendor_source_prefix_internal: '220', vendor_source_prefix_network: '320' }))
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const contract = (
    await api.db
      .insertInto('contracts')
      .values({ organization_id: org, contract_type: 'adsense', currency: 'EUR', start_date: '2020-01-01', state: 'signed', credit_note_type: 'detailed' } as never)
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const source = (await api.db.insertInto('revenue_sources').values({ type: 'youtube_label', reference_id: 'PUBLISH-CRASH', organization_id: org } as never).returning('id').executeTakeFirstOrThrow()).id;
  const payout = (await api.db.insertInto('payouts').values({ month: '2026-01-01', payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow()).id;
  bucketId = (await api.db.insertInto('payment_buckets').values({ name: 'Absturz' } as never).returning('id').executeTakeFirstOrThrow()).id;
  // Vendors ready for self billing (address, tax data, a SEPA account, a contact email), each with a new payment in the bucket.
  const ofOrg = sql`SELECT id, number FROM vendors WHERE organization_id = ${org}`;
  await sql`INSERT INTO vendors (organization_id, number, name, type, language) SELECT ${org}, 9000 + g, 'Absturz Vendor ' || g, 'company', 'en' FROM generate_series(1, ${PAYMENTS}) g`.execute(api.db);
  await sql`INSERT INTO vendor_addresses (vendor_id, country_code, postal_code, city, street, street_number) SELECT id, 'DE', '10115', 'Berlin', 'Torstraße', number::text FROM (${ofOrg}) v`.execute(api.db);
  await sql`INSERT INTO vendor_tax_infos (vendor_id, eu_tax_id, self_billing_allowed) SELECT id, 'DE' || lpad(number::text, 9, '0'), true FROM (${ofOrg}) v`.execute(api.db);
  await sql`INSERT INTO vendor_payment_methods (vendor_id, type, is_sepa, iban, account_holder, position) SELECT id, 'bank', true, 'DE89370400440532013000', 'Holder', 0 FROM (${ofOrg}) v`.execute(api.db);
  await sql`
    INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, vendor_payment_method_id)
    SELECT ${contract}, v.id, 100, m.id FROM (${ofOrg}) v JOIN vendor_payment_methods m ON m.vendor_id = v.id`.execute(api.db);
  await sql`INSERT INTO vendor_contacts (vendor_id, first_name, last_name, position) SELECT id, 'Ana', 'Lopez', 0 FROM (${ofOrg}) v`.execute(api.db);
  await sql`
    INSERT INTO vendor_contact_emails (vendor_contact_id, vendor_id, email, position, can_access_portal, can_sign)
    SELECT c.id, v.id, 'v' || v.number || '@absturz.example', 0, false, false FROM (${ofOrg}) v JOIN vendor_contacts c ON c.vendor_id = v.id`.execute(api.db);
  const { rows } = await sql<{ id: number }>`
    INSERT INTO payments (type, state, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, payment_bucket_id, currency, currency_rate,
                          start_date, end_date, due_date, amount, vat_percentage, vat_amount, wht_amount, total_amount, credit_note_type)
    SELECT 'self_billing', 'new', ${payout}, ${org}, ${contract}, cv.id, cv.vendor_id, ${bucketId}, 'EUR', 0.9, '2026-01-01', '2026-01-31', '2026-02-28', 100, 19, 19, 0, 119, 'detailed'
    FROM contract_vendors cv WHERE cv.contract_id = ${contract} ORDER BY cv.id
    RETURNING id::int AS id`.execute(api.db);
  paymentIds = rows.map((r) => r.id).sort((a, b) => a - b);
  await sql`
    INSERT INTO payment_line_items (payment_id, revenue_source_id, share_type, revenue_type, revenue, revenue_final, amount_raw, amount)
    SELECT id, ${source}, 'all', 'adsense', 111.1111111111, 100, 100, 100 FROM payments WHERE payment_bucket_id = ${bucketId}`.execute(api.db);
});

afterAll(killWorkers);

const published = async () =>
  (
    await sql<{ id: number; state: string; credit_note_key: string | null }>`
      SELECT id::int AS id, state, credit_note_key FROM payments WHERE payment_bucket_id = ${bucketId} ORDER BY id`.execute(api.db)
  ).rows;
const mailJobs = async (state?: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pgboss.job WHERE name = ${MAIL_JOB} ${state ? sql`AND state = ${state}` : sql``}`.execute(api.db)).rows[0].n;
/** The outbox's mails by the payment reference in their subject. */
const mailsByReference = async () => {
  const counts = new Map<string, number>();
  for (const mail of await api.outbox()) {
    const ref = /^Subject: Credit note (P\d+) from /m.exec(mail)?.[1] ?? 'unknown';
    counts.set(ref, (counts.get(ref) ?? 0) + 1);
  }
  return counts;
};

describe('the bucket publish in a worker process killed with SIGKILL', () => {
  it('is finished by a restarted worker: one credit note and one mail per payment', { timeout: 180_000 }, async () => {
    // Hold the last payment's row: the second batch's UPDATE waits for it, after its notes were written to storage.
    const held = paymentIds[PAYMENTS - 1];
    const locked = await hold(api, ['SELECT id FROM payments WHERE id = $1 FOR UPDATE', [held]]);

    const first = startWorker(api);
    await first.ready;
    const jobId = await first.send('publish', bucketId);

    // The state to kill in: the first 50 recorded and mailed (their mail jobs done), the last three's transaction waiting.
    let waiting = 0;
    let before: Awaited<ReturnType<typeof published>> = [];
    await vi.waitFor(
      async () => {
        waiting = await waitingIn(api, "%UPDATE payments p SET state = 'payout_pending'%");
        before = await published();
        expect(before.filter((p) => p.state === 'payout_pending' && p.credit_note_key).map((p) => p.id)).toEqual(paymentIds.slice(0, 50));
        expect(await mailJobs('completed')).toBe(50);
      },
      { timeout: 90_000, interval: 100 },
    );
    expect(before.filter((p) => p.state === 'new' && !p.credit_note_key).map((p) => p.id)).toEqual(paymentIds.slice(50));

    await killMidRun(api, first, locked, waiting);
    expect(await published()).toEqual(before);

    await finishWithRestartedWorker(api, jobId, { until: async () => expect(await mailJobs('completed')).toBe(PAYMENTS) });

    const after = await published();
    expect(after.map((p) => [p.id, p.state])).toEqual(paymentIds.map((id) => [id, 'payout_pending']));
    // One note each (the first batch's kept as they were), each a stored PDF.
    expect(new Set(after.map((p) => p.credit_note_key)).size).toBe(PAYMENTS);
    expect(after.slice(0, 50)).toEqual(before.slice(0, 50));
    const pdfs = await Promise.all(after.map(async (p) => (await createStorage(path.join(api.dataDir, 'files')).read(p.credit_note_key!)).subarray(0, 5).toString()));
    expect(new Set(pdfs)).toEqual(new Set(['%PDF-']));
    // One mail job and one mail per payment; one publish audit entry per payment.
    expect(await mailJobs()).toBe(PAYMENTS);
    const references = (await api.db.selectFrom('payments').select('reference').where('payment_bucket_id', '=', bucketId).execute()).map((p) => p.reference);
    const mails = await mailsByReference();
    expect([...mails.keys()].sort()).toEqual(references.sort());
    expect([...mails.values()].every((n) => n === 1)).toBe(true);
    const audits = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_logs WHERE auditable_type = 'Payment' AND action = 'publish' AND auditable_id = ANY(${paymentIds}::bigint[])
      GROUP BY auditable_id`.execute(api.db);
    expect(audits.rows).toEqual(paymentIds.map(() => ({ n: 1 })));
  });
});
