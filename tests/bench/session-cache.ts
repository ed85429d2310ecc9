import autocannon from 'autocannon';
import { startApp } from './app-server';

/**
 * `npm run bench -- --session-cache`: is the session cache (`http/session-cache.ts`) worth its code?
 * Two apps on the demo data, one admitting sessions from memory (`SESSION_CACHE_SECONDS=5`), one reading
 * the session on every request (`0`), each sent the same realistic mix: a handful of connections, each
 * going through 400 requests drawn (seeded) as staff send them: list pages of the five main lists with
 * their sorts, filters and searches, and records opened from them. Rounds alternate between the two
 * apps so a noisy neighbour hits both alike; each side's best round counts.
 */
const CONNECTIONS = 5;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

const LISTS: Record<string, { sorts: string[]; filters: string[]; searches: string[] }> = {
  '/api/payments': {
    sorts: ['id', 'reference', 'total_amount', 'amount', 'start_date', 'state'],
    filters: ['filter[state]=payout_pending', 'filter[state]=new', 'filter[type]=invoice', 'filter[currency]=EUR'],
    searches: ['2026', 'PAY', '17'],
  },
  '/api/vendors': {
    sorts: ['id', 'number', 'name', 'type', 'state', 'created_at'],
    filters: ['filter[state]=confirmed', 'filter[type]=company', 'filter[inactive]=false'],
    searches: ['music', 'a', 'records'],
  },
  '/api/contracts': {
    sorts: ['id', 'active_from', 'active_to', 'contract_type', 'currency', 'state', 'created_at'],
    filters: ['filter[state]=signed', 'filter[contract_type]=drm'],
    searches: ['music', 'e'],
  },
  '/api/organizations': { sorts: ['id', 'name', 'number', 'country_code', 'city'], filters: [], searches: ['demo', 'media'] },
  '/api/banks': {
    sorts: ['id', 'name', 'country_code', 'bic', 'bank_key', 'created_at'],
    filters: ['filter[country_code]=DE', 'filter[country_code]=AT'],
    searches: ['bank', 'spark'],
  },
};

/** Mulberry32: the same requests in every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Paths as staff send them: mostly list pages (a sort, sometimes a filter or a search, pages 1-3), a record in four. */
function requestMix(ids: Record<string, number[]>, count: number, seed: number): string[] {
  const next = random(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  const paths: string[] = [];
  while (paths.length < count) {
    const base = pick(Object.keys(LISTS));
    const known = ids[base] ?? [];
    if (next() < 0.25 && known.length > 0) {
      paths.push(`${base}/${pick(known)}`);
      continue;
    }
    const list = LISTS[base]!;
    const params = [`s=50`, `sort_by=${pick(list.sorts)}`, `sort_direction=${next() < 0.5 ? 'asc' : 'desc'}`];
    if (next() < 0.3) params.push(`p=${1 + Math.floor(next() * 3)}`);
    if (list.filters.length && next() < 0.35) params.push(pick(list.filters));
    if (next() < 0.2) params.push(`q=${pick(list.searches)}`);
    paths.push(`${base}?${params.join('&')}`);
  }
  return paths;
}

async function signIn(url: string): Promise<Record<string, string>> {
  const res = await fetch(`${url}/users/sign_in.json`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ user: { email: 'bench@remit.test', password: 'bench-password-123' } }),
  });
  const { api_token: token } = (await res.json()) as { api_token: string };
  return { authorization: `Bearer ${token}`, uid: 'bench@remit.test', accept: 'application/json' };
}

export async function sessionCacheBench(row: (name: string, ours: string, base: string) => void): Promise<void> {
  const port = Number(process.env.BENCH_PORT ?? 3195);
  const cached = await startApp(port, undefined, { SESSION_CACHE_SECONDS: '5' });
  const uncached = await startApp(port + 1, undefined, { SESSION_CACHE_SECONDS: '0' });
  try {
    const headers = { cached: await signIn(cached.url), uncached: await signIn(uncached.url) };
    const ids: Record<string, number[]> = {};
    for (const base of Object.keys(LISTS)) {
      const res = await fetch(`${cached.url}${base}?s=100`, { headers: headers.cached });
      if (!res.ok) throw new Error(`${base}: ${res.status}`);
      ids[base] = ((await res.json()) as { entries: { id: number }[] }).entries.map((e) => e.id);
    }
    const paths = requestMix(ids, 400, 26);
    const load = async (url: string, h: Record<string, string>) => {
      const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers: h, requests: paths.map((path) => ({ method: 'GET', path })) });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
    };
    type Run = Awaited<ReturnType<typeof load>>;
    const runs: { cached: Run[]; uncached: Run[] } = { cached: [], uncached: [] };
    for (let round = 0; round < ROUNDS; round++) {
      // Alternating which goes first, so neither always follows the other's warm-up.
      const order = round % 2 === 0 ? (['cached', 'uncached'] as const) : (['uncached', 'cached'] as const);
      for (const which of order) runs[which].push(await load(which === 'cached' ? cached.url : uncached.url, headers[which]));
    }
    const best = (rs: Run[]) => rs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const show = (r: Run) => `${Math.round(r.rps)} req/s, p50 ${r.p50} / p99 ${r.p99} ms`;
    for (let i = 0; i < ROUNDS; i++) row(`  round ${i + 1}`, show(runs.cached[i]!), show(runs.uncached[i]!));
    row('realistic mix, 5 conn. (cache / none)', show(best(runs.cached)), show(best(runs.uncached)));
  } finally {
    await cached.stop();
    await uncached.stop();
  }
}
