import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi } from '../support/api.js';
import { backendGone, finishWithRestartedWorker, hold, killWorkers, startWorker, waitingIn } from '../support/killed-worker.js';
import { insertPayment, paymentParty } from '../support/payment-fixtures.js';

/**
 * A payment's mails against a real crash: the mail job is worked by a separate worker process, killed with
 * SIGKILL after the mail went out and the job recorded it, before pg-boss marked the job completed; pg-boss then
 * retries it in a restarted worker. The retry must not send the mail again. (A crash between the mail's send and
 * that record can still send it twice: the SMTP server and the database share no transaction.)
 */
// No workers in this process: the forked worker must be the one that mails.
const api = setupApi({ workers: false });
/** The worker's backends notice at once that it died, and cancel the statement they wait in, as a crash before the statement arrived would. */
const env = { PGOPTIONS: '-c client_connection_check_interval=50' };
let paymentId = 0;

beforeAll(async () => {
  const party = await paymentParty(api.db, { orgName: 'Absturz Post GmbH' });
  paymentId = await insertPayment(api.db, party, { type: 'self_billing', state: 'payout_pending' });
  const note = await api.ctx.storage.put(Buffer.from('%PDF-1.4 credit note'), 'pdf');
  await api.db.updateTable('payments').set({ credit_note_key: note.key }).where('id', '=', paymentId).execute();
  const contact = await api.db.insertInto('vendor_contacts').values({ vendor_id: party.vendor, first_name: 'Ana', last_name: 'Lopez', position: 0 }).returning('id').executeTakeFirstOrThrow();
  await api.db.insertInto('vendor_contact_emails').values({ vendor_contact_id: contact.id, vendor_id: party.vendor, email: 'ana@absturz.example', position: 0, can_access_portal: false, can_sign: false }).execute();
});

afterAll(killWorkers);

const mails = async (subject: RegExp) => (await api.outbox()).filter((mail) => subject.test(mail)).length;
const jobState = async (jobId: string) => (await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${jobId}`.execute(api.db)).rows[0].state;

describe("a payment's mail job in a worker process killed with SIGKILL after sending", () => {
  it.each([
    { kind: 'creditNoteMail', subject: /^Subject: Credit note P\d+ from /m },
    { kind: 'invoiceMail', subject: /^Subject: Your invoice for payment P\d+ was accepted/m },
  ] as const)('$kind is not sent again by the retry in a restarted worker', { timeout: 120_000 }, async ({ kind, subject }) => {
    // The handler waits before it looks up the addresses, until the job's pg-boss row is held too.
    const addresses = await hold(api, ['LOCK TABLE contract_vendor_contact_emails IN ACCESS EXCLUSIVE MODE', []]);
    const worker = startWorker(api, env);
    await worker.ready;
    const jobId = await worker.send(kind, paymentId);
    await vi.waitFor(() => waitingIn(api, '%from%contract_vendor_contact_emails%'), { timeout: 60_000, interval: 50 });
    const job = await hold(api, ['SELECT id FROM pgboss.job WHERE id = $1 FOR UPDATE', [jobId]]);
    await addresses.release();

    // The state to kill in: the mail out, the job's link completed, pg-boss's completion waiting.
    const waiting = await vi.waitFor(
      async () => {
        const pid = await waitingIn(api, '%SET completed_on = now()%');
        expect(await mails(subject)).toBe(1);
        expect((await api.db.selectFrom('job_links').select('state').where('job_id', '=', jobId).executeTakeFirstOrThrow()).state).toBe('completed');
        return pid;
      },
      { timeout: 60_000, interval: 50 },
    );
    worker.child.kill('SIGKILL');
    await worker.exited;
    await backendGone(api, waiting);
    await job.release();

    await finishWithRestartedWorker(api, jobId, { until: async () => expect(await jobState(jobId)).toBe('completed') });
    expect((await api.db.selectFrom('job_links').select('attempts').where('job_id', '=', jobId).executeTakeFirstOrThrow()).attempts).toBe(2);
    expect(await mails(subject)).toBe(1);
  });
});
