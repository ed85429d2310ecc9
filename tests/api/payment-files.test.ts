import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fromMinorUnits, toMinorUnits } from '../../src/shared/money.js';
import { createPaymentFiles } from '../../src/server/modules/payment-files/create.js';
import { PAIN_001_001_09_XSD } from '../../src/server/modules/payment-files/xsd.js';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { debtorAccount, type PayableOptions, payableParty, type PaymentParty, pendingInBucket, type PendingRow } from '../support/payment-fixtures.js';

// Payment files (issue 16; spec 3 sections 3.2, 4.3, 7.1, 7.2; DOMAIN "Buckets and payment files").
const api = setupApi();
let staff: TestUser;
let admin: TestUser;
const waitFor = (check: () => Promise<void> | void) => vi.waitFor(check, { timeout: 30_000, interval: 100 });

beforeAll(async () => {
  staff = await api.user(['payment_buckets', 'payments', 'payments_admin', 'payments_verify']);
  admin = await api.user(['admin']);
});

const debtor = (org: number, currency?: string, iban?: string) => debtorAccount(api.db, org, currency, iban);
const party = (opts: PayableOptions = {}) => payableParty(api.db, opts);
const pending = (p: PaymentParty, b: number, rows: PendingRow[]) => pendingInBucket(api.db, p, b, rows);

const bucket = async (name = 'Files') => (await api.request({ method: 'POST', url: '/api/payment_buckets', payload: { payment_bucket: { name } }, as: staff })).json().id as number;

const states = async (ids: number[]) =>
  (await api.db.selectFrom('payments').select(['id', 'state', 'payment_file_id']).where('id', 'in', ids).orderBy('id').execute()).map((p) => [p.id, p.state, p.payment_file_id]);
const files = async (b: number) => (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json().payment_files;
const download = async (url: string) => api.request({ method: 'GET', url, as: staff });

function xmllint(xml: string): { ok: boolean; output: string } {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pain-')), 'file.xml');
  fs.writeFileSync(file, xml);
  try {
    execFileSync('xmllint', ['--noout', '--schema', PAIN_001_001_09_XSD, file], { stdio: 'pipe' });
    return { ok: true, output: '' };
  } catch (error) {
    return { ok: false, output: String((error as { stderr?: Buffer }).stderr ?? error) };
  }
}

const total = async (ids: number[]) =>
  fromMinorUnits((await api.db.selectFrom('payments').select('total_amount').where('id', 'in', ids).execute()).reduce((s, p) => s + toMinorUnits(p.total_amount, 'EUR'), 0n), 'EUR');

describe('create payment files', () => {
  it('one file per organization, currency and format; payments exported; control sums equal totals; schema-valid; then paid out', async () => {
    const b = await bucket('Run');
    const sepa = await party({ orgName: 'Müller & Søn – «Ltd»', vendorName: 'Łukasz Wiśniewski' });
    await debtor(sepa.org);
    await debtor(sepa.org, 'USD', 'GB29NWBK60161331926819');
    const greek = await party({ org: sepa.org, vendorName: 'Γεώργιος Παπαδόπουλος' });
    const usd = await party({ org: sepa.org, method: { type: 'bank', sepa: false } });
    const eurSepa = [...(await pending(sepa, b, [{ amount: '0.10' }, { amount: '1234.56', vat: '234.57', wht: '12.34' }])), ...(await pending(greek, b, [{ amount: '0.20' }]))];
    const usdIds = await pending(usd, b, [{ amount: '10.00', currency: 'USD' }]);

    const res = await api.request({ method: 'POST', url: `/api/payment_buckets/${b}/create_payment_files`, as: staff });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().jobs_pending).toBe(true);
    await waitFor(async () => expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json().jobs_pending).toBe(false));
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json().last_job_failure).toBeNull();

    const list = await files(b);
    expect(list.map((f: { currency: string; format: string; payments_count: number }) => [f.currency, f.format, f.payments_count])).toEqual([
      ['EUR', 'sepa', 3],
      ['USD', 'csv', 1],
    ]);
    const [eurFile, usdFile] = list;
    expect(eurFile.total_amount).toBe(await total(eurSepa));
    expect(eurFile).toMatchObject({ amount: '1234.86', vat_amount: '234.57', wht_amount: '12.34', digest: expect.stringMatching(/^[0-9a-f]{64}$/), url: `/api/payment_buckets/${b}/payment_files/${eurFile.id}/download` });
    expect((await states([...eurSepa, ...usdIds])).map(([, state, file]) => [state, file])).toEqual([
      ['exported', eurFile.id],
      ['exported', eurFile.id],
      ['exported', eurFile.id],
      ['exported', usdFile.id],
    ]);

    const xml = await download(eurFile.url);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-disposition']).toMatch(/^attachment; filename="payments-.+\.xml"$/);
    expect(xmllint(xml.body).ok, xmllint(xml.body).output).toBe(true);
    expect(xml.body.match(/<CtrlSum>([\d.]+)<\/CtrlSum>/)![1]).toBe(eurFile.total_amount);
    expect(xml.body).toContain('<InitgPty>\n        <Nm>Muller + Son - (Ltd)</Nm>');
    expect(xml.body).toContain('<Nm>Soren Muller + Co</Nm>');
    expect(xml.body).toContain('<TwnNm>Kobenhavn</TwnNm>');
    const csv = await download(usdFile.url);
    expect(csv.body.split('\r\n')[1]).toMatch(/,Holder US,998877,FB-001,10\.00,USD$/);
    expect(createHash('sha256').update(xml.rawPayload).digest('hex')).toBe(eurFile.digest);

    // Exported → paid out (payments-api's pay_out).
    const paid = await api.request({ method: 'POST', url: `/api/payments/${eurSepa[0]}/pay_out`, as: staff });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().state).toBe('paid_out');
    // The bucket holds files: it cannot be deleted.
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json().can_be_deleted).toBe(false);
    const trail = await auditTrail(api.db, 'Payment', eurSepa[1]);
    expect(trail.at(-1)).toMatchObject({ action: 'create_payment_files', audited_changes: { state: ['payout_pending', 'exported'] }, user_id: staff.id });
  });

  it('an alternative payee is paid to the payee\'s account; twice or concurrently makes one set of files', async () => {
    const b = await bucket('Payee');
    const payee = await party({ vendorName: 'Payee Vendor' });
    const payeeMethod = (await api.db.selectFrom('vendor_payment_methods').select('id').where('vendor_id', '=', payee.vendor).executeTakeFirstOrThrow()).id;
    await api.db.updateTable('vendor_payment_methods').set({ iban: 'PL61109010140000071219812874', account_holder: 'Zółta Spółka' }).where('id', '=', payeeMethod).execute();
    const p = await party({ org: payee.org, vendorName: 'Original Vendor', method: { type: 'payee', of: payeeMethod } });
    await debtor(p.org);
    const ids = await pending(p, b, [{ amount: '5.00' }, { amount: '7.00' }]);
    const ctx = { db: api.db, storage: api.ctx.storage };
    const [one, two] = await Promise.all([createPaymentFiles(ctx, b, staff.id), createPaymentFiles(ctx, b, staff.id)]);
    expect([one.files + two.files, one.payments + two.payments]).toEqual([1, 2]);
    expect(await createPaymentFiles(ctx, b, staff.id)).toEqual({ files: 0, payments: 0, kept_out: [] });
    const list = await files(b);
    expect(list).toHaveLength(1);
    const xml = (await download(list[0].url)).body;
    expect(xml).toContain('<IBAN>PL61109010140000071219812874</IBAN>');
    expect(xml).toContain('<Nm>Zolta Spolka</Nm>');
    expect(await states(ids)).toEqual(ids.map((id) => [id, 'exported', list[0].id]));
  });

  it('a missing debtor account or town fails naming it, and nothing is created', async () => {
    const b = await bucket('Refused');
    const ok = await party({ orgName: 'Has Account AG' });
    await debtor(ok.org);
    const none = await party({ orgName: 'No Account GmbH' });
    const ids = [...(await pending(ok, b, [{}])), ...(await pending(none, b, [{}]))];
    const ctx = { db: api.db, storage: api.ctx.storage };
    await expect(createPaymentFiles(ctx, b, staff.id)).rejects.toThrow('No debtor account for No Account GmbH (EUR)');
    expect(await files(b)).toEqual([]);
    expect((await states(ids)).map(([, s]) => s)).toEqual(['payout_pending', 'payout_pending']);

    // Through the job: its last_error says why.
    const res = await api.request({ method: 'POST', url: `/api/payment_buckets/${b}/create_payment_files`, as: staff });
    expect(res.statusCode).toBe(202);
    await waitFor(async () => {
      const link = await api.db.selectFrom('job_links').select(['state', 'last_error']).where('entity_type', '=', 'PaymentBucket').where('entity_id', '=', b).where('name', '=', 'payment_files.create').executeTakeFirst();
      expect(link).toEqual({ state: 'failed', last_error: expect.stringContaining('No debtor account for No Account GmbH (EUR)') });
    });
    // The bucket's page hears why, once the job has given up; no job runs any more.
    const read = (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json();
    expect(read.jobs_pending).toBe(false);
    expect(read.last_job_failure).toEqual({ job: 'create_payment_files', message: expect.stringContaining('No debtor account for No Account GmbH (EUR)'), failed_at: expect.any(String) });

    await debtor(none.org);
    const townless = await party({ org: none.org, town: null });
    const refusedIds = await pending(townless, b, [{}]);
    const reference = (await api.db.selectFrom('payments').select('reference').where('id', '=', refusedIds[0]).executeTakeFirstOrThrow()).reference;
    // One payment the EPC rules refuse is kept out with its reason; the others' files are made.
    const made = await createPaymentFiles(ctx, b, staff.id);
    expect(made).toEqual({ files: 2, payments: 2, kept_out: [`Payment ${reference}: the payee's address has no town`] });
    expect((await states(refusedIds))[0][1]).toBe('payout_pending');
    const after = (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json();
    expect(after.payments_kept_out).toEqual([{ id: refusedIds[0], reference, reason: `Payment ${reference}: the payee's address has no town` }]);
    expect(after.payment_files).toHaveLength(2);
  });
});

describe('cancel export, update file, delete file', () => {
  it('cancel_export and mark_incorrect take a payment out of a file not yet downloaded; once downloaded it cannot be deleted', async () => {
    const b = await bucket('Rewrite');
    const p = await party();
    await debtor(p.org);
    const ids = await pending(p, b, [{ amount: '1.00' }, { amount: '2.00' }, { amount: '3.00' }, { amount: '4.00' }]);
    await createPaymentFiles({ db: api.db, storage: api.ctx.storage }, b, staff.id);
    const [file] = await files(b);
    expect(file).toMatchObject({ total_amount: '10.00', downloaded_at: null, can_be_updated: true, can_be_deleted: true, reason: null });
    const reference = (await api.db.selectFrom('payments').select('reference').where('id', '=', ids[0]).executeTakeFirstOrThrow()).reference;

    // Only payments_admin may cancel an export; all or none.
    const denied = await api.request({ method: 'POST', url: '/api/payments/cancel_export', payload: { ids: [ids[0]] }, as: await api.user(['payments']) });
    expect(denied.statusCode).toBe(403);
    const mixed = await api.request({ method: 'POST', url: '/api/payments/cancel_export', payload: { ids: [ids[0], 99999999] }, as: staff });
    expect(mixed.statusCode).toBe(422);
    expect((await states(ids)).map(([, s]) => s)).toEqual(['exported', 'exported', 'exported', 'exported']);
    const cancelled = await api.request({ method: 'POST', url: '/api/payments/cancel_export', payload: { ids: [ids[0]] }, as: staff });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The file no longer lists it: rewritten in the same transaction, new digest and figures.
    const incorrect = await api.request({ method: 'POST', url: `/api/payments/${ids[3]}/mark_incorrect`, as: staff });
    expect(incorrect.statusCode, incorrect.body).toBe(200);
    expect(await states(ids)).toEqual([
      [ids[0], 'payout_pending', null],
      [ids[1], 'exported', file.id],
      [ids[2], 'exported', file.id],
      [ids[3], 'incorrect', null],
    ]);
    const [rewritten] = await files(b);
    expect(rewritten).toMatchObject({ id: file.id, payments_count: 2, total_amount: '5.00' });
    expect(rewritten.digest).not.toBe(file.digest);
    expect((await auditTrail(api.db, 'PaymentFile', file.id)).at(-1)).toMatchObject({ action: 'update_file', audited_changes: { payments_count: [3, 2], total_amount: ['9.00', '5.00'] } });
    // update_file rewrites it again while it was not downloaded.
    const updated = await api.request({ method: 'POST', url: `/api/payment_buckets/${b}/payment_files/${file.id}/update_file`, as: staff });
    expect(updated.statusCode, updated.body).toBe(200);
    const xml = (await download(rewritten.url)).body;
    expect(xml).not.toContain(reference);
    expect(xml).toContain('<CtrlSum>5.00</CtrlSum>');
    expect(xmllint(xml).ok).toBe(true);

    const deleted = await api.request({ method: 'DELETE', url: `/api/payment_buckets/${b}/payment_files/${file.id}`, as: staff });
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().errors).toEqual({ base: ['downloaded'] });
  });

  it('a file not downloaded can be deleted: its payments return to payout_pending', async () => {
    const b = await bucket('Delete');
    const p = await party();
    await debtor(p.org);
    const ids = await pending(p, b, [{ amount: '1.00' }, { amount: '2.00' }]);
    await createPaymentFiles({ db: api.db, storage: api.ctx.storage }, b, staff.id);
    const [file] = await files(b);
    const deleted = await api.request({ method: 'DELETE', url: `/api/payment_buckets/${b}/payment_files/${file.id}`, as: staff });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().payment_files).toEqual([]);
    expect(deleted.json().can_create_payment_files).toBe(true);
    expect(await states(ids)).toEqual(ids.map((id) => [id, 'payout_pending', null]));
    expect((await download(file.url)).statusCode).toBe(404);
  });

  it('a downloaded file is never rewritten: payments added later go into a new file, and none is ever in two downloaded files', async () => {
    const b = await bucket('Sent');
    const p = await party({ orgName: 'Sent Media GmbH' });
    await debtor(p.org);
    const ctx = { db: api.db, storage: api.ctx.storage };
    const [p1] = await pending(p, b, [{ amount: '11.00' }]);
    await createPaymentFiles(ctx, b, staff.id);
    const [first] = await files(b);
    const sent = await download(first.url);
    expect(sent.statusCode).toBe(200);
    const [downloaded] = await files(b);
    expect(downloaded).toMatchObject({ downloaded_at: expect.any(String), downloaded_by: { id: staff.id }, can_be_updated: false, can_be_deleted: false, reason: 'downloaded' });
    // Its export cannot be cancelled any more (the bank may have it); update_file and delete are refused with the reason.
    expect((await api.request({ method: 'GET', url: `/api/payments/${p1}`, as: staff })).json().can_cancel_export).toBe(false);
    const update = await api.request({ method: 'POST', url: `/api/payment_buckets/${b}/payment_files/${first.id}/update_file`, as: staff });
    expect(update.statusCode).toBe(422);
    expect(update.json()).toMatchObject({ errors: { base: ['downloaded'] }, message: expect.stringContaining('was downloaded') });
    expect((await api.request({ method: 'POST', url: `/api/payments/${p1}/pay_out`, as: staff })).statusCode).toBe(200);

    const [p2] = await pending(p, b, [{ amount: '22.00' }]);
    expect(await createPaymentFiles(ctx, b, staff.id)).toEqual({ files: 1, payments: 1, kept_out: [] });
    const list = await files(b);
    expect(list).toHaveLength(2);
    const second = list.find((f: { id: number }) => f.id !== first.id);
    expect(second).toMatchObject({ payments_count: 1, total_amount: '22.00', downloaded_at: null });
    expect(second.message_id).not.toBe(first.message_id);
    const later = (await download(second.url)).body;
    const refs = await api.db.selectFrom('payments').select(['id', 'reference']).where('id', 'in', [p1, p2]).orderBy('id').execute();
    expect(later).toContain(refs[1].reference);
    expect(later).not.toContain(refs[0].reference);
    // The first file is byte for byte what was sent, P1 still in it and paid out.
    expect((await download(first.url)).body).toBe(sent.body);
    expect(await states([p1, p2])).toEqual([
      [p1, 'paid_out', first.id],
      [p2, 'exported', second.id],
    ]);
    // The database refuses to move a payment out of a downloaded file or to rewrite it.
    await expect(api.db.updateTable('payments').set({ payment_file_id: null }).where('id', '=', p1).execute()).rejects.toThrow(/downloaded payment file/);
    await expect(api.db.updateTable('payment_files').set({ digest: '0'.repeat(64) }).where('id', '=', first.id).execute()).rejects.toThrow(/never rewritten/);
  });

  it('a total of zero or less is kept out of every file with its reason; the debtor and a Swiss creditor are in the SEPA file, schema-valid', async () => {
    const b = await bucket('Kept out');
    const p = await party({ orgName: 'Debtor Media AG' });
    await debtor(p.org);
    const swiss = await party({ org: p.org, vendorName: 'Zürcher Musik AG' });
    await api.db.updateTable('vendor_addresses').set({ country_code: 'CH', city: 'Zürich', postal_code: '8001', street: 'Bahnhofstrasse', street_number: '1' }).where('vendor_id', '=', swiss.vendor).execute();
    await api.db.updateTable('vendor_payment_methods').set({ iban: 'CH9300762011623852957', account_holder: 'Zürcher Musik AG' }).where('vendor_id', '=', swiss.vendor).execute();
    const usd = await party({ org: p.org, method: { type: 'bank', sepa: false } });
    await debtor(p.org, 'USD', 'GB29NWBK60161331926819');
    // Totals of zero and below from withholding tax (a payment's amount itself is never zero or negative: migration 0046).
    const [good, zero, negative] = await pending(p, b, [{ amount: '5.00' }, { amount: '5.00', wht: '5.00' }, { amount: '5.00', wht: '8.00' }]);
    const [chf] = await pending(swiss, b, [{ amount: '7.00' }]);
    const [csvZero, csvGood] = await pending(usd, b, [{ amount: '4.00', wht: '4.00', currency: 'USD' }, { amount: '9.00', currency: 'USD' }]);
    const made = await createPaymentFiles({ db: api.db, storage: api.ctx.storage }, b, staff.id);
    expect(made.files).toBe(2);
    expect(made.payments).toBe(3);
    expect(made.kept_out).toHaveLength(3);
    expect((await states([good, zero, negative, chf, csvZero, csvGood])).map(([, s]) => s)).toEqual(['exported', 'payout_pending', 'payout_pending', 'exported', 'payout_pending', 'exported']);
    const bucketRead = (await api.request({ method: 'GET', url: `/api/payment_buckets/${b}`, as: staff })).json();
    expect(bucketRead.payments_kept_out.map((k: { id: number; reason: string }) => [k.id, k.reason.replace(/^Payment \S+: /, '')])).toEqual([
      [zero, 'the total 0.00 EUR is not above zero'],
      [negative, 'the total -3.00 EUR is not above zero'],
      [csvZero, 'the total 0.00 USD is not above zero'],
    ]);
    const [sepa, csv] = bucketRead.payment_files;
    const xml = (await download(sepa.url)).body;
    expect(xmllint(xml).ok, xmllint(xml).output).toBe(true);
    expect(xml).toMatch(/<Dbtr>\s*<Nm>Debtor Media AG<\/Nm>\s*<PstlAdr>\s*<StrtNm>Invalidenstrasse<\/StrtNm>\s*<BldgNb>1<\/BldgNb>\s*<PstCd>10115<\/PstCd>\s*<TwnNm>Berlin<\/TwnNm>\s*<Ctry>DE<\/Ctry>/);
    expect(xml).toMatch(/<Nm>Zurcher Musik AG<\/Nm>\s*<PstlAdr>\s*<StrtNm>Bahnhofstrasse<\/StrtNm>\s*<BldgNb>1<\/BldgNb>\s*<PstCd>8001<\/PstCd>\s*<TwnNm>Zurich<\/TwnNm>\s*<Ctry>CH<\/Ctry>/);
    expect(xml).toContain('<IBAN>CH9300762011623852957</IBAN>');
    const lines = (await download(csv.url)).body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/,9\.00,USD$/);
  });

  it('routes check roles and the bucket of the file', async () => {
    const other = await bucket('Other');
    const outsider = await api.user(['payments']);
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${other}/payment_files`, as: outsider })).statusCode).toBe(403);
    expect((await api.request({ method: 'POST', url: `/api/payment_buckets/${other}/create_payment_files`, as: outsider })).statusCode).toBe(403);
    expect((await api.request({ method: 'GET', url: `/api/payment_buckets/${other}/payment_files`, as: admin })).json()).toEqual([]);
    // Nothing payout_pending: the flag is false.
    expect((await api.request({ method: 'POST', url: `/api/payment_buckets/${other}/create_payment_files`, as: staff })).json()).toEqual({ errors: { base: ['ineligible'] } });
    const anyFile = await api.db.selectFrom('payment_files').select('id').executeTakeFirst();
    if (anyFile) expect((await api.request({ method: 'DELETE', url: `/api/payment_buckets/${other}/payment_files/${anyFile.id}`, as: staff })).statusCode).toBe(404);
    expect((await sql<{ n: number }>`SELECT count(*)::int AS n FROM payment_files WHERE payment_bucket_id = ${other}`.execute(api.db)).rows[0].n).toBe(0);
  });
});
