import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';
import { insertPayment, paymentParty } from '../support/payment-fixtures.js';

/**
 * Issue 23, DOMAIN.md "Payment run" step 7: "Delete payments" locks the payout's payments and checks
 * them again. An invoice attached to one of them while the delete waited used to be deleted with it.
 */
const api = setupApi();
let staff: TestUser;

beforeAll(async () => {
  staff = await api.user(['payouts']);
});

/** A payout with two `new` payments of one contract vendor (an invoice and a self-billing one). */
async function payoutWithPayments() {
  const party = await paymentParty(api.db);
  const ids = [await insertPayment(api.db, party), await insertPayment(api.db, party, { type: 'self_billing' })];
  await api.db.updateTable('payments').set({ payout_id: party.payout }).where('id', 'in', ids).execute();
  return { payout: party.payout, ids };
}

const remaining = async (payout: number) => (await api.db.selectFrom('payments').select('id').where('payout_id', '=', payout).orderBy('id').execute()).map((p) => p.id);

describe('delete payments', () => {
  it('waits for a payment another write holds, sees it moved on and refuses with 409 naming it, deleting nothing', async () => {
    const { payout, ids } = await payoutWithPayments();
    const reference = (await api.db.selectFrom('payments').select('reference').where('id', '=', ids[1]).executeTakeFirstOrThrow()).reference;

    // An invoice attached to the second payment, its transaction still open when the delete arrives.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const attach = api.db.transaction().execute(async (trx) => {
      await trx.updateTable('payments').set({ state: 'invoice_added' }).where('id', '=', ids[1]).execute();
      locked();
      await held;
    });
    await isLocked;
    const del = api.request({ method: 'DELETE', url: `/api/payouts/${payout}/payments`, as: staff });
    // The delete read the flag (every payment still new, as committed) and now waits for the payment's lock.
    await vi.waitFor(
      async () => {
        const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'`.execute(api.db);
        expect(rows[0].n).toBeGreaterThan(0);
      },
      { timeout: 20_000, interval: 50 },
    );
    release();
    await attach;

    const res = await del;
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ error: 'payments_moved_on', references: [reference], errors: { base: [`payments_moved_on: ${reference}`] } });
    expect(await remaining(payout)).toEqual(ids);
  });

  it('deletes every payment while all are new, with their line items', async () => {
    const { payout, ids } = await payoutWithPayments();
    const res = await api.request({ method: 'DELETE', url: `/api/payouts/${payout}/payments`, as: staff });
    expect(res.statusCode, res.body).toBe(200);
    expect(await remaining(payout)).toEqual([]);
    expect(await api.db.selectFrom('payment_line_items').select('id').where('payment_id', 'in', ids).execute()).toEqual([]);
  });
});
