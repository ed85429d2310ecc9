import { sql } from 'kysely';
import { createDb, type Db } from '../../src/server/db/connection.js';
import { runPayments } from '../../src/server/modules/payments/run.js';
import { startApp } from './app-server';

/**
 * `npm run bench -- --payments-run`: the payment run for C contracts (default 10,000; every tenth with
 * two vendors) over R allocated revenue rows (default 1,000,000, two sources per contract), against
 * the floor: one `INSERT ... SELECT` that sums the same rows per contract vendor into payments (rolled
 * back). Target: the run under 30 s. `BENCH_RUN_CONTRACTS` / `BENCH_RUN_ROWS` scale it; the database is
 * `BENCH_DATABASE_URL`, else the embedded one of the compiled app.
 */
const CONTRACTS = Number(process.env.BENCH_RUN_CONTRACTS ?? 10_000);
const ROWS = Number(process.env.BENCH_RUN_ROWS ?? 1_000_000);
const MONTH = '2026-09-01';

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Organization, vendors, signed contracts with a 50% share, sources, a payout with its rate and its allocated rows, all set-based. */
async function seed(db: Db): Promise<{ payoutId: number; tag: string }> {
  const tag = `B${Date.now().toString(36)}`;
  const org = await db
    .insertInto('organizations')
    .values({
      name: `Bench run ${tag}`,
      number: tag.slice(-6),
      country_code: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Benchstraße',
      street_number: '1',
      vendor_source_prefix_external: '901',
      vendor_source_prefix_internal: '902',
      vendor_source_prefix_network: '903',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const o = org.id;
  await sql`INSERT INTO vendors (organization_id, number, name, type) SELECT ${o}, g, 'Bench vendor ' || g, 'company' FROM generate_series(1, ${CONTRACTS}) g`.execute(db);
  // Every second vendor pays VAT, every fifth has withholding tax: the run computes both.
  await sql`
    INSERT INTO vendor_tax_infos (vendor_id, vat_percentage, withholding_tax_percentage)
    SELECT id, CASE WHEN id % 2 = 0 THEN 19 END, CASE WHEN id % 5 = 0 THEN 15 ELSE 0 END FROM vendors WHERE organization_id = ${o}`.execute(db);
  await sql`
    INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type)
    SELECT ${o}, 'adsense', 'EUR', '2020-01-01', 'signed', 'short' FROM generate_series(1, ${CONTRACTS})`.execute(db);
  const numbered = (table: string) => sql`(SELECT id, row_number() OVER (ORDER BY id) AS n FROM ${sql.table(table)} WHERE organization_id = ${o})`;
  await sql`INSERT INTO contract_revenue_shares (contract_id, type, formula, rev_share, baseline) SELECT id, 'all', 'rev_share', 50, 0 FROM contracts WHERE organization_id = ${o}`.execute(db);
  await sql`
    INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, position)
    SELECT c.id, v.id, CASE WHEN c.n % 10 = 0 THEN 60 ELSE 100 END, 0 FROM ${numbered('contracts')} c JOIN ${numbered('vendors')} v ON v.n = c.n
    UNION ALL
    SELECT c.id, v.id, 40, 1 FROM ${numbered('contracts')} c JOIN ${numbered('vendors')} v ON v.n = c.n % ${CONTRACTS} + 1 WHERE c.n % 10 = 0`.execute(db);
  await sql`
    INSERT INTO revenue_sources (type, reference_id, organization_id)
    SELECT 'youtube_label', ${tag} || '-' || g, ${o} FROM generate_series(1, ${2 * CONTRACTS}) g`.execute(db);
  await sql`
    INSERT INTO contract_revenue_sources (contract_id, revenue_source_id)
    SELECT c.id, s.id FROM ${numbered('contracts')} c JOIN ${numbered('revenue_sources')} s ON (s.n + 1) / 2 = c.n`.execute(db);
  const payout = await db.insertInto('payouts').values({ month: MONTH, payout_types: ['adsense'] }).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('currency_rates').values({ date: MONTH, base_currency: 'USD', target_currency: 'EUR', rate: '0.9123', payout_id: payout.id }).execute();
  await sql`
    INSERT INTO payout_revenues (payout_id, payout_file_id, revenue_type, revenue, revenue_source_id, allocated_by)
    SELECT ${payout.id}, 0, CASE WHEN g % 3 = 0 THEN 'red' ELSE 'adsense' END, ((g::bigint * 7919) % 1000000) / 1000000.0, s.id, 'manual'
    FROM generate_series(0, ${ROWS - 1}) g JOIN ${numbered('revenue_sources')} s ON s.n = g % ${2 * CONTRACTS} + 1`.execute(db);
  for (const t of ['payout_revenues', 'contracts', 'contract_vendors', 'contract_revenue_sources', 'revenue_sources', 'vendors']) await sql`ANALYZE ${sql.table(t)}`.execute(db);
  return { payoutId: payout.id, tag };
}

/** The floor: the same rows summed per contract vendor and written as payments in one statement (rolled back). */
async function floor(db: Db, payoutId: number): Promise<{ ms: number; payments: number }> {
  let out = { ms: 0, payments: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      const t = performance.now();
      const r = await sql`
        INSERT INTO payments (type, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate, start_date, end_date, due_date, amount, total_amount)
        SELECT 'invoice', ${payoutId}, c.organization_id, c.id, cv.id, cv.vendor_id, c.currency, 0.9123, ${MONTH}, ${MONTH}::date + 29, ${MONTH}::date + 60,
               round(s.usd * 0.9123 * 0.5 * cv.share_percentage / 100, 2), round(s.usd * 0.9123 * 0.5 * cv.share_percentage / 100, 2)
        FROM (SELECT crs.contract_id, sum(v.revenue) AS usd FROM payout_revenues v JOIN contract_revenue_sources crs ON crs.revenue_source_id = v.revenue_source_id
              WHERE v.payout_id = ${payoutId} GROUP BY 1) s
        JOIN contracts c ON c.id = s.contract_id JOIN contract_vendors cv ON cv.contract_id = c.id`.execute(trx);
      out = { ms: performance.now() - t, payments: Number(r.numAffectedRows) };
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return out;
}

export async function paymentsRunBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const app = process.env.BENCH_DATABASE_URL ? null : await startApp(Number(process.env.BENCH_PORT ?? 3196));
  const { db } = createDb(process.env.BENCH_DATABASE_URL ?? app!.databaseUrl, 4);
  try {
    const t0 = performance.now();
    const { payoutId } = await seed(db);
    console.log(`  (seeded ${CONTRACTS.toLocaleString('en')} contracts and ${ROWS.toLocaleString('en')} rows in ${seconds(performance.now() - t0)})`);
    const base = await floor(db, payoutId);
    const t1 = performance.now();
    const created = await runPayments(db, payoutId, null);
    const ours = performance.now() - t1;
    if (created !== base.payments) throw new Error(`the run created ${created} payments, the floor ${base.payments}`);
    row(`payment run, ${CONTRACTS.toLocaleString('en')} contracts / ${(ROWS / 1e6).toLocaleString('en')}M rows`, `${seconds(ours)} (${(ours / base.ms).toFixed(1)}x)`, `${seconds(base.ms)} INSERT..SELECT`);
    row('payment run (target < 30 s)', `${created.toLocaleString('en')} payments`, `${base.payments.toLocaleString('en')} payments`);
    await sql`DELETE FROM payments WHERE payout_id = ${payoutId}`.execute(db);
    await sql`DELETE FROM payout_revenues WHERE payout_id = ${payoutId}`.execute(db);
  } finally {
    await db.destroy();
    await app?.stop();
  }
}
