import { sql } from 'kysely';
import type { PayoutCurrencyRate } from '../../../shared/entities/payout.js';
import type { CreatePayoutInput, PayoutCurrencyRatesInput } from '../../../shared/validation/payouts.js';
import type { Db } from '../../db/connection.js';
import { childRows, saveChildRows } from '../../http/child-rows.js';
import type { WriteContext } from '../../http/resource.js';
import { audit } from '../audit/audit.js';
import { type PayoutEntity, refuseWhileLocked } from './queries.js';
import './tables.js';

/**
 * Adds the rate rows the payout needs and lacks (DOMAIN "Payouts"): `USD -> X` for every currency X of the
 * signed contracts, and each other currency of its revenue to X, at the newest admin rate of that pair
 * (`payout_id` empty), else 0. Rows the payout has keep their rate. In the caller's transaction.
 */
export async function addNeededRates(trx: Db, payout: { id: number; month: string }): Promise<void> {
  await sql`
    WITH targets AS (SELECT DISTINCT currency FROM contracts WHERE state IN ('signed', 'terminated')),
    bases AS (SELECT 'USD' AS currency UNION SELECT DISTINCT currency FROM payout_revenues WHERE payout_id = ${payout.id})
    INSERT INTO currency_rates (date, base_currency, target_currency, rate, payout_id)
    SELECT ${payout.month}::date, b.currency, t.currency,
      coalesce((SELECT r.rate FROM currency_rates r
                WHERE r.payout_id IS NULL AND r.base_currency = b.currency AND r.target_currency = t.currency
                ORDER BY r.date DESC, r.id DESC LIMIT 1), 0),
      ${payout.id}
    FROM bases b CROSS JOIN targets t
    WHERE b.currency <> t.currency
    ORDER BY b.currency, t.currency
    ON CONFLICT (payout_id, base_currency, target_currency) WHERE payout_id IS NOT NULL DO NOTHING`.execute(trx);
}

/** A new payout with its currency rates prefilled (`addNeededRates`). */
export async function createPayout(w: WriteContext, input: CreatePayoutInput): Promise<number> {
  const { id } = await w.trx
    .insertInto('payouts')
    .values({ month: input.month, label: input.label ?? null, payout_types: input.payout_types })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addNeededRates(w.trx, { id, month: input.month });
  return id;
}

/** Deletes the payout with its files' rows (revenue rows carry no foreign key: see migration 0020); files and rates cascade. */
export async function destroyPayout(w: WriteContext, id: number): Promise<string[]> {
  await w.trx.deleteFrom('payout_revenues').where('payout_id', '=', id).execute();
  await w.trx.deleteFrom('payout_assets').where('payout_id', '=', id).execute();
  const files = await w.trx.deleteFrom('payout_files').where('payout_id', '=', id).returning('file_key').execute();
  await w.trx.deleteFrom('payouts').where('id', '=', id).execute();
  return files.map((f) => f.file_key);
}

export async function payoutCurrencyRates(db: Db, payoutId: number): Promise<PayoutCurrencyRate[]> {
  return db
    .selectFrom('currency_rates')
    .select(['id', 'base_currency', 'target_currency', 'rate'])
    .where('payout_id', '=', payoutId)
    .orderBy('base_currency')
    .orderBy('target_currency')
    .orderBy('id')
    .execute();
}

const RATES = childRows({ table: 'currency_rates', parentKey: 'payout_id', field: 'currency_rates', auditType: 'CurrencyRate' });

/** Saves the payout's rates as a whole (on the locked payout); refused (409) while a job runs or once payments exist. */
export async function saveCurrencyRates(w: WriteContext, payout: PayoutEntity, input: PayoutCurrencyRatesInput): Promise<void> {
  refuseWhileLocked(payout);
  await saveChildRows(
    w,
    RATES,
    payout.id,
    input.currency_rates.map((r) => ({
      id: r.id ?? null,
      values: { date: payout.month, base_currency: r.base_currency, target_currency: r.target_currency, rate: r.rate },
    })),
  );
  await audit(w.trx, { action: 'update_currency_rates', type: 'Payout', id: payout.id, changes: { currency_rates: [null, input.currency_rates.length] }, userId: w.user.id });
}
