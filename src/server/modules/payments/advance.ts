import type { FastifyInstance } from 'fastify';
import { advanceStruct } from '../../../shared/validation/advances.js';
import { check } from '../../../shared/validation/core.js';
import { toDecimal } from '../../../shared/money.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { failIf, recordId, type RecordWriter, unstorableText, unwrap, valid, write } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { lockContractVendors, negated, postEntries } from './ledger.js';
import type { PaymentEntity } from './queries.js';

/** Recording an advance (DOMAIN.md "The ledger's API"): payments_admin (admin passes every role). */
export const ADVANCE_ROLES = ['payments_admin'] as const;

/**
 * `POST /api/contracts/{contractId}/contract_vendors/{id}/advances` with `{advance: {amount, reason, date}}`
 * (DOMAIN.md "Payment run" step 8): a payment of type `advance` to the contract vendor, in the contract's
 * currency, dated and due on `date`, with its payee frozen (the insert trigger). It is `new` (`on_hold`
 * when the contract vendor's payouts are) and goes into a bucket, whose publish moves it on without a
 * credit note, and into a file like any payment; the recorder counts as its verifier, so four eyes keep
 * them from paying it out or filing it. Its `advance` entry takes the balance below zero: later runs recoup it before paying.
 * Only a signed contract takes one; the contract vendor is locked like the run locks it.
 */
export function advanceRoutes(app: FastifyInstance, ctx: AppContext, writer: RecordWriter<PaymentEntity>): void {
  app.post<{ Params: { contractId: string; id: string } }>(
    '/api/contracts/:contractId/contract_vendors/:id/advances',
    { config: { roles: ADVANCE_ROLES } },
    async (request, reply) => {
      const user = currentUser(request);
      const contractId = recordId(request.params.contractId);
      const cvId = recordId(request.params.id);
      if (contractId === undefined || cvId === undefined) throw notFound();
      const raw = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
      const body = raw.advance && typeof raw.advance === 'object' ? unwrap(raw, 'advance') : raw;
      failIf(unstorableText(body));
      const input = valid(check(advanceStruct(), body));
      // In cents, as the payment stores it: the entry must say the same amount ('500' is 500.00).
      const amount = toDecimal(input.amount).toFixed(2);
      const id = await write(ctx.db, user, async (w) => {
        await lockContractVendors(w.trx, [cvId]);
        const cv = await w.trx
          .selectFrom('contract_vendors as cv')
          .innerJoin('contracts as c', 'c.id', 'cv.contract_id')
          .select(['cv.id', 'cv.vendor_id', 'cv.payout_on_hold', 'c.id as contract_id', 'c.organization_id', 'c.currency', 'c.state'])
          .where('cv.id', '=', cvId)
          .where('cv.contract_id', '=', contractId)
          .executeTakeFirst();
        if (!cv) throw notFound();
        if (cv.state !== 'signed') throw new ValidationFailed({ base: ['ineligible'] });
        const state = cv.payout_on_hold ? 'on_hold' : 'new';
        const payment = await w.trx
          .insertInto('payments')
          .values({
            type: 'advance',
            state,
            state_before_hold: cv.payout_on_hold ? 'new' : null,
            payout_id: null,
            advance_reason: input.reason,
            organization_id: cv.organization_id,
            contract_id: cv.contract_id,
            contract_vendor_id: cv.id,
            vendor_id: cv.vendor_id,
            currency: cv.currency,
            currency_rate: '1',
            start_date: input.date,
            end_date: input.date,
            due_date: input.date,
            amount,
            total_amount: amount,
            verified_by_id: user.id,
          })
          .returning(['id', 'reference'])
          .executeTakeFirstOrThrow();
        await postEntries(
          w.trx,
          [
            {
              contract_vendor_id: cv.id,
              vendor_id: cv.vendor_id,
              currency: cv.currency,
              kind: 'advance',
              amount: negated(amount),
              payout_id: null,
              payment_id: payment.id,
              month: `${input.date.slice(0, 7)}-01`,
              description: input.reason,
            },
          ],
          user.id,
        );
        await audit(w.trx, {
          action: 'create',
          type: 'Payment',
          id: payment.id,
          changes: { type: [null, 'advance'], state: [null, state], contract_vendor_id: [null, cv.id], amount: [null, amount], advance_reason: [null, input.reason], due_date: [null, input.date] },
          userId: user.id,
        });
        return payment.id;
      });
      return reply.code(201).send(await writer.answer(ctx.db, id, user));
    },
  );
}
