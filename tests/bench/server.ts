import { spawn } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { startApp } from './app-server';

/**
 * The server part of `npm run bench`: 50 connections against the app (compiled, as `npm start` runs
 * it) and, interleaved in the same run, against a bare Fastify 5 answering the same JSON from memory.
 *   - authentication only: `GET /config/settings.json` (target: at least 40% of bare);
 *   - a list of 50 rows from 1,000,000 banks, searched and sorted (target: at least 25% of bare, p99
 *     under 50 ms), read from the database on every request.
 */
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = 2;

interface Run {
  rps: number;
  p99: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** 1,000,000 banks; 300 of them in the Kleinwalsertal, the search the list measures. */
async function seedBanks(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Indexes are dropped for the bulk insert and rebuilt after, as a restore would.
    const { rows } = await client.query<{ def: string; name: string }>(
      `SELECT indexdef AS def, indexname AS name FROM pg_indexes WHERE tablename = 'banks' AND indexname <> 'banks_pkey'`,
    );
    for (const r of rows) await client.query(`DROP INDEX ${r.name}`);
    await client.query(`
      INSERT INTO banks (name, street, postal_code, city, country_code, bic, bank_key)
      SELECT CASE WHEN g % 3333 = 0 THEN 'Raiffeisenbank Kleinwalsertal ' || g ELSE 'Bank ' || md5(g::text) END,
             'Street ' || g, lpad((g % 99999)::text, 5, '0'), 'City ' || (g % 5000),
             (ARRAY['DE', 'AT', 'CH', 'FR', 'NL'])[1 + g % 5], NULL, 'K' || g
      FROM generate_series(1, 1000000) g`);
    await client.query(`SET maintenance_work_mem = '256MB'`);
    for (const r of rows) await client.query(r.def);
    // Vacuumed, as a restored database is: index-only scans need the visibility map.
    await client.query('VACUUM ANALYZE banks');
  } finally {
    await client.end();
  }
}

/** The bare Fastify baseline (`bare-server.ts`) answering these bodies by path. */
export async function startBare(bodies: Record<string, unknown>): Promise<{ url: string; stop(): void }> {
  const child = spawn('node', ['--import', 'tsx', 'tests/bench/bare-server.ts', JSON.stringify(bodies)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (data: Buffer) => resolve(data.toString().trim()));
    child.once('exit', (code) => reject(new Error(`bare server exited with ${code}`)));
  });
  return { url, stop: () => child.kill('SIGTERM') };
}

export async function serverBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3193);
  const app = await startApp(port);
  try {
    await seedBanks(app.databaseUrl);
    const signIn = await fetch(`${app.url}/users/sign_in.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: { email: 'bench@remit.test', password: 'bench-password-123' } }),
    });
    const { api_token: token } = (await signIn.json()) as { api_token: string };
    const headers = { authorization: `Bearer ${token}`, uid: 'bench@remit.test', accept: 'application/json' };
    const paths = { settings: '/config/settings.json', list: '/api/banks?s=50&sort_by=name&q=kleinwalsertal' };
    const bodies: Record<string, unknown> = {};
    for (const [key, p] of Object.entries(paths)) {
      const res = await fetch(`${app.url}${p}`, { headers });
      if (!res.ok) throw new Error(`${p}: ${res.status}`);
      bodies[key] = await res.json();
    }
    const list = bodies.list as { entries: unknown[]; total: number };
    if (list.entries.length !== 50 || list.total !== 300) throw new Error(`unexpected list: ${list.entries.length} of ${list.total}`);
    const bare = await startBare({ '/settings': bodies.settings, '/list': bodies.list });
    try {
      const best = (runs: Run[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
      const results: Record<string, Run[]> = { settings: [], bareSettings: [], list: [], bareList: [] };
      // Interleaved, so a noisy neighbour hits both sides alike; each side's best round counts.
      for (let round = 0; round < ROUNDS; round++) {
        results.bareSettings.push(await load(`${bare.url}/settings`));
        results.settings.push(await load(`${app.url}${paths.settings}`, headers));
        results.bareList.push(await load(`${bare.url}/list`));
        results.list.push(await load(`${app.url}${paths.list}`, headers));
      }
      const show = (name: string, ours: Run, base: Run) =>
        row(name, `${Math.round(ours.rps)} req/s (${Math.round((100 * ours.rps) / base.rps)}%), p99 ${ours.p99} ms`, `${Math.round(base.rps)} req/s, p99 ${base.p99} ms`);
      show('auth only, settings.json', best(results.settings), best(results.bareSettings));
      show('list 50 of 1M banks (q, sort)', best(results.list), best(results.bareList));
    } finally {
      bare.stop();
    }
  } finally {
    await app.stop();
  }
}
