import { describe, expect, it } from 'vitest';
import { seeds } from '../../src/server/db/demo/seeds.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

describe('payments demo data', () => {
  it('runs the demo payout’s payments and walks some through attach, verify, pay out and pause, audited with the finance user', async () => {
    await api.db.transaction().execute(async (trx) => {
      for (const seed of seeds) await seed.run(trx, { storage: api.ctx.storage });
    });
    const finance = await api.db.selectFrom('users').select(['id', 'roles']).where('email', '=', 'finance@remit.local').executeTakeFirstOrThrow();
    const staff = await api.user(['payments', 'payments_verify']);
    const list = (await api.request({ method: 'GET', url: '/api/payments?s=100&sort_by=id&sort_direction=asc', as: staff })).json();
    expect(list.total).toBeGreaterThan(2);
    const states = list.entries.map((p: { state: string }) => p.state);
    expect(states).toContain('paid_out');
    expect(states).toContain('invoice_added');
    expect(states).toContain('on_hold');
    const paid = list.entries.find((p: { state: string }) => p.state === 'paid_out');
    expect(paid.paid_at).not.toBeNull();
    // the walked payment is the largest that was open, not an empty one
    expect(paid.total_amount).not.toBe('0.00');
    const invoice = await api.request({ method: 'GET', url: paid.invoice_url, as: staff });
    expect([invoice.statusCode, invoice.body.startsWith('%PDF-')]).toEqual([200, true]);
    const trail = (await api.request({ method: 'GET', url: `/api/audit_logs/payment/${paid.id}`, as: staff })).json();
    const actions = (trail.entries ?? trail).map((e: { action: string }) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['create', 'attach_invoice', 'verify_invoice', 'pay_out']));
    expect(finance.roles).toContain('payments_pause_and_resume');
    // every amount adds up: total = amount + vat - wht - fee holds in the table (CHECK), and the payout is locked now
    const payout = (await api.request({ method: 'GET', url: `/api/payouts/${paid.payout.id}`, as: await api.user(['payouts']) })).json();
    expect([payout.can_be_deleted, payout.can_delete_payments]).toEqual([false, false]);
  });
});
