import type { AppContext, CurrentUser } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import { compare } from '../../../shared/money.js';
import { runAction } from '../../http/actions.js';
import { recordWriter } from '../../http/resource.js';
import { attachInvoice } from '../../modules/payments/invoice.js';
import { loadPayments } from '../../modules/payments/queries.js';
import { paymentResource } from '../../modules/payments/routes.js';
import { runPayments } from '../../modules/payments/run.js';
import type { Db } from '../connection.js';
import type { DemoEnv, DemoSeed } from './index.js';
import '../../modules/session/tables.js';

/** A minimal PDF: the demo's attached invoices. */
const INVOICE_PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/**
 * The demo payout's payments, made by the run's own code, and some walked through their lifecycle by the
 * payment actions (flags, audit with the finance user as actor): an invoice attached and verified and the
 * payment paid out, another invoice attached and waiting for verification, one payment paused. Invoices
 * are stored only when the seed has file storage. A payout whose rates lack a currency gets no payments.
 */
export const demoPayments: DemoSeed = {
  name: 'payments',
  async run(db: Db, env?: DemoEnv) {
    const payout = await db.selectFrom('payouts').select('id').where('label', '=', 'Demo payout').executeTakeFirst();
    const finance = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'roles']).where('email', '=', 'finance@remit.local').executeTakeFirst();
    if (!payout || !finance) return;
    try {
      await runPayments(db, payout.id, finance.id);
    } catch (error) {
      if (error instanceof ValidationFailed) return; // a missing rate: the payout stays without payments
      throw error;
    }
    // The demo sends no mails (verify without notification), so the context needs only storage.
    const ctx = { db, storage: env?.storage } as unknown as AppContext;
    const resource = paymentResource(ctx);
    const writer = recordWriter(db, resource);
    // In the demo the finance user also pauses and resumes payments.
    const roles = [...new Set([...finance.roles, 'payments_pause_and_resume'])];
    await db.updateTable('users').set({ roles }).where('id', '=', finance.id).execute();
    const user: CurrentUser = { ...finance, roles, sessionId: 0 };
    const payments = await loadPayments(db, (await db.selectFrom('payments').select('id').where('payout_id', '=', payout.id).orderBy('id').execute()).map((p) => p.id), user);
    // The largest first, so the walked payments show real amounts.
    const open = payments.filter((p) => p.state === 'new').sort((a, b) => compare(b.total_amount, a.total_amount) || a.id - b.id);
    const invoices = open.filter((p) => p.type === 'invoice');

    // Every step goes the one write path, as staff's would (lock, flag on the locked row, audit with the
    // finance user); a step the flags refuse (checked before anything is written) is left out.
    const step = (id: number, name: string, params?: Record<string, unknown>) =>
      runAction(resource, writer, user, id, name, params).catch((error) => {
        if (!(error instanceof ValidationFailed)) throw error;
      });
    if (env?.storage) {
      const storage = env.storage;
      for (const [i, p] of invoices.slice(0, 2).entries()) {
        const stored = await storage.put(INVOICE_PDF, 'pdf');
        await writer.one(user, p.id, 'attach_invoice', async (w, { current }) => {
          if (!current.can_attach_invoice) return storage.remove(stored.key);
          await attachInvoice(ctx, w, current, stored.key, `RE-DEMO-${i + 1}`);
          await writer.recorded(w, current, 'attach_invoice');
        });
      }
      if (invoices[0]) {
        await step(invoices[0].id, 'verify_invoice', { comment: 'Checked against the statement.' });
        await step(invoices[0].id, 'pay_out');
      }
    }
    const toPause = open.find((p) => !invoices.slice(0, 2).includes(p));
    if (toPause) await step(toPause.id, 'pause');
  },
};
