import autocannon from 'autocannon';
import pg from 'pg';
import { startApp } from './app-server';
import { startBare } from './server';

/**
 * `npm run bench -- --payments-list`: `GET /api/payments` over 1,000,000 payments (`BENCH_PAYMENTS`),
 * filtered by state and sorted by total amount, 50 connections, against a bare Fastify 5 answering
 * the same JSON from memory, interleaved in the same run, the better of two rounds each. Targets: at
 * least 25% of the bare route's requests per second, p99 under 50 ms. Every request reads the database.
 */
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 1_000_000);
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;
const STATES = ['new', 'invoice_added', 'payout_pending', 'exported', 'paid_out', 'on_hold', 'cancelled', 'needs_correction', 'incorrect', 'invoice_invalid'];
const LIST = '/api/payments?s=50&filter[state]=payout_pending&sort_by=total_amount&sort_direction=desc';

interface Run {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/**
 * 1,000 payouts × 1,000 contract vendors of one contract: one payment each (the run's unique key), a
 * tenth in each state, amounts spread so the sort has work; set-based, indexes rebuilt after.
 */
export async function seedPayments(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const per = 1000;
    const payouts = Math.ceil(PAYMENTS / per);
    const org = await client.query<{ id: number }>('SELECT min(id) AS id FROM organizations');
    const o = org.rows[0].id;
    const contract = await client.query<{ id: number }>(
      `INSERT INTO contracts (organization_id, contract_type, currency, start_date, state, credit_note_type) VALUES ($1, 'adsense', 'EUR', '2020-01-01', 'signed', 'short') RETURNING id`,
      [o],
    );
    const c = contract.rows[0].id;
    await client.query(`INSERT INTO vendors (organization_id, number, name, type) SELECT $1, 900000 + g, 'Bench payee ' || g, 'company' FROM generate_series(1, ${per}) g`, [o]);
    await client.query(
      `INSERT INTO contract_vendors (contract_id, vendor_id, share_percentage, position)
       SELECT $1, id, 0.1, row_number() OVER (ORDER BY id) FROM vendors WHERE organization_id = $2 AND number > 900000`,
      [c, o],
    );
    await client.query(`INSERT INTO payouts (month, label, payout_types) SELECT '2000-01-01', 'bench-' || g, '{adsense}' FROM generate_series(1, ${payouts}) g`);
    const { rows } = await client.query<{ def: string; name: string }>(
      `SELECT indexdef AS def, indexname AS name FROM pg_indexes WHERE tablename = 'payments' AND indexname NOT IN ('payments_pkey', 'payments_run_key', 'payments_reference_key')`,
    );
    for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
    await client.query(
      `WITH p AS (SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM payouts WHERE label LIKE 'bench-%'),
            cv AS (SELECT id, vendor_id, row_number() OVER (ORDER BY id) - 1 AS n FROM contract_vendors WHERE contract_id = $1)
       INSERT INTO payments (type, state, state_before_hold, payout_id, organization_id, contract_id, contract_vendor_id, vendor_id, currency, currency_rate,
                             start_date, end_date, due_date, amount, total_amount)
       SELECT 'invoice', a.state, CASE WHEN a.state = 'on_hold' THEN 'new' END, p.id, $2, $1, cv.id, cv.vendor_id, 'EUR', 0.9,
              '2026-01-01', '2026-01-31', '2026-02-28', a.amount, a.amount
       FROM p CROSS JOIN cv
       CROSS JOIN LATERAL (SELECT (1 + (p.n * 7919 + cv.n * 104729) % 10000000) / 100.0 AS amount,
                                  (ARRAY[${STATES.map((s) => `'${s}'`).join(', ')}])[1 + (p.n * ${per} + cv.n) % ${STATES.length}] AS state) a
       WHERE p.n * ${per} + cv.n < ${PAYMENTS}`,
      [c, o],
    );
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const r of rows) await client.query(r.def);
    await client.query('VACUUM ANALYZE payments');
  } finally {
    await client.end();
  }
}

export async function paymentsListBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const app = await startApp(Number(process.env.BENCH_PORT ?? 3197));
  try {
    const t0 = performance.now();
    await seedPayments(app.databaseUrl);
    console.log(`  (seeded ${PAYMENTS.toLocaleString('en')} payments in ${((performance.now() - t0) / 1000).toFixed(1)} s)`);
    const signIn = await fetch(`${app.url}/users/sign_in.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email: 'bench@remit.test', password: 'bench-password-123' } }),
    });
    const { api_token: token } = (await signIn.json()) as { api_token: string };
    const headers = { authorization: `Bearer ${token}`, uid: 'bench@remit.test', accept: 'application/json' };
    const res = await fetch(`${app.url}${LIST}`, { headers });
    if (!res.ok) throw new Error(`${LIST}: ${res.status} ${await res.text()}`);
    const body = (await res.json()) as { entries: { state: string }[]; total: number };
    if (body.entries.length !== 50 || body.entries.some((e) => e.state !== 'payout_pending')) throw new Error(`unexpected list: ${body.entries.length} of ${body.total}`);
    const bare = await startBare({ '/list': body });
    try {
      const best = (runs: Run[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
      const ours: Run[] = [];
      const base: Run[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        base.push(await load(`${bare.url}/list`));
        ours.push(await load(`${app.url}${LIST}`, headers));
      }
      const b = best(base);
      const show = (name: string, o: Run) => row(name, `${Math.round(o.rps)} req/s (${Math.round((100 * o.rps) / b.rps)}%), p99 ${o.p99} ms`, `${Math.round(b.rps)} req/s, p99 ${b.p99} ms`);
      show(`payments 50 of ${(PAYMENTS / 1e6).toLocaleString('en')}M (target 25%, 50 ms)`, best(ours));
    } finally {
      bare.stop();
    }
  } finally {
    await app.stop();
  }
}
