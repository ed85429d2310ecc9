import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ensureAdmin, prepareDatabase } from '../../src/server/bootstrap.js';
import { createDb, type Db } from '../../src/server/db/connection.js';
import { loadDemoData, type DemoSeed } from '../../src/server/db/demo/index.js';
import { seeds } from '../../src/server/db/demo/seeds.js';
import { DEMO_PASSWORD } from '../../src/server/db/demo/users.js';
import { verifyPassword } from '../../src/server/modules/session/passwords.js';
import { withDatabase } from '../support/global-db.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

const userCount = async (db: Db) => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db)).rows[0].n;
const appliedSeeds = async (db: Db) => (await sql<{ name: string }>`SELECT name FROM demo_seeds ORDER BY name`.execute(db)).rows.map((r) => r.name);
const signIn = (email: string, password: string) =>
  api.request({ method: 'POST', url: '/users/sign_in.json', payload: { user: { email, password } } });

/** Brand-new databases, empty or cloned from the migrated template, dropped after the file. */
const created: string[] = [];
const pools: Db[] = [];
let admin: pg.Client;
beforeAll(async () => {
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  await admin.connect();
});
afterAll(async () => {
  for (const db of pools) await db.destroy();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
});
async function emptyDatabase(opts: { migrated?: boolean } = {}): Promise<string> {
  // Named like the per-file databases, so the global teardown removes it should this file fail.
  const name = `${inject('pgTemplate')}_t_${randomBytes(4).toString('hex')}_new`;
  await admin.query(`CREATE DATABASE ${name}${opts.migrated ? ` TEMPLATE ${inject('pgTemplate')}` : ''}`);
  created.push(name);
  return withDatabase(inject('pgAdminUrl'), name);
}
function connect(url: string): Db {
  const { db } = createDb(url, 3);
  pools.push(db);
  return db;
}

describe('ensureAdmin', () => {
  it('creates one admin on an empty users table, with a generated password that signs in', async () => {
    expect(await userCount(api.db)).toBe(0);
    const first = await ensureAdmin(api.db, {});
    expect(first?.email).toBe('admin@remit.local');
    expect(first?.password).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const rows = await api.db.selectFrom('users').select(['email', 'roles', 'password_digest']).execute();
    expect(rows).toEqual([{ email: 'admin@remit.local', roles: ['admin'], password_digest: expect.stringMatching(/^\$argon2id\$/) }]);
    const res = await signIn('admin@remit.local', first!.password!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'admin@remit.local', roles: ['admin'] });
  });

  it('does nothing when there are users', async () => {
    expect(await ensureAdmin(api.db, { email: 'second@test.local', password: 'a long enough password' })).toBeUndefined();
    expect(await userCount(api.db)).toBe(1);
  });

  it('takes ADMIN_EMAIL and ADMIN_PASSWORD, and does not echo a password it was given', async () => {
    const db = connect(await emptyDatabase());
    const { admin: created } = await prepareDatabase(db, { adminEmail: 'boss@test.local', adminPassword: 'given password 12', demo: false });
    expect(created).toEqual({ email: 'boss@test.local', password: undefined });
    expect(await db.selectFrom('users').select(['email', 'roles']).execute()).toEqual([{ email: 'boss@test.local', roles: ['admin'] }]);
    expect(await appliedSeeds(db)).toEqual([]);
  });
});

describe('start-up on a database', () => {
  const demoEmails = ['finance@remit.local', 'contracts@remit.local', 'approver@remit.local', 'portal@remit.local', 'youtube@remit.local'];

  it('a new database gets the schema, one admin and the whole demo data set, also when two processes start at once', async () => {
    const url = await emptyDatabase();
    const heard: string[] = [];
    const [a, b] = await Promise.all([
      prepareDatabase(connect(url), { adminEmail: undefined, adminPassword: undefined, demo: true }, (x) => heard.push(x.email)),
      prepareDatabase(connect(url), { adminEmail: undefined, adminPassword: undefined, demo: true }, (x) => heard.push(x.email)),
    ]);
    expect(a.fresh && b.fresh).toBe(true);
    expect([a.admin, b.admin].filter(Boolean)).toHaveLength(1);
    expect(heard).toEqual(['admin@remit.local']);
    expect([...a.demo, ...b.demo].sort()).toEqual(seeds.map((s) => s.name).sort());

    const db = connect(url);
    expect(await appliedSeeds(db)).toEqual(seeds.map((s) => s.name).sort());
    const emails = (await db.selectFrom('users').select('email').execute()).map((u) => u.email);
    expect(emails.sort()).toEqual(['admin@remit.local', ...demoEmails].sort());
    const finance = await db.selectFrom('users').select('password_digest').where('email', '=', 'finance@remit.local').executeTakeFirstOrThrow();
    expect(await verifyPassword(finance.password_digest, DEMO_PASSWORD)).toBe(true);

    // The next start finds the data and adds nothing.
    const again = await prepareDatabase(db, { adminEmail: undefined, adminPassword: undefined, demo: true });
    expect(again).toEqual({ fresh: false, admin: undefined, demo: [] });
  });

  it('never loads demo data into an existing database that has none', async () => {
    const result = await prepareDatabase(api.db, { adminEmail: undefined, adminPassword: undefined, demo: true });
    expect(result).toEqual({ fresh: false, admin: undefined, demo: [] });
    expect(await appliedSeeds(api.db)).toEqual([]);
    expect((await signIn('finance@remit.local', DEMO_PASSWORD)).statusCode).toBe(401);
  });

  it('with demo data off, a new database gets no demo data', async () => {
    const db = connect(await emptyDatabase());
    const result = await prepareDatabase(db, { adminEmail: undefined, adminPassword: undefined, demo: false });
    expect(result.demo).toEqual([]);
    expect(await userCount(db)).toBe(1);
  });
});

describe('loadDemoData', () => {
  it('on a database with demo data runs only new seeds, and a failed seed again next time', async () => {
    const db = connect(await emptyDatabase({ migrated: true }));
    const log: string[] = [];
    const seed = (name: string, fail = false): DemoSeed => ({
      name,
      async run(trx) {
        log.push(name);
        await sql`INSERT INTO tags (name, color) VALUES (${name}, '#123456')`.execute(trx);
        if (fail) throw new Error(`seed ${name} failed`);
      },
    });

    // A new database: every seed.
    expect(await loadDemoData(db, { freshDatabase: true }, [seed('first')])).toEqual(['first']);
    expect(await loadDemoData(db, { freshDatabase: false }, [seed('first'), seed('later-a')])).toEqual(['later-a']);
    await expect(loadDemoData(db, { freshDatabase: false }, [seed('first'), seed('later-a'), seed('later-b', true), seed('later-c')])).rejects.toThrow(
      'seed later-b failed',
    );
    expect(await loadDemoData(db, { freshDatabase: false }, [seed('first'), seed('later-a'), seed('later-b'), seed('later-c')])).toEqual([
      'later-b',
      'later-c',
    ]);
    expect(log).toEqual(['first', 'later-a', 'later-b', 'later-b', 'later-c']);
    expect(await appliedSeeds(db)).toEqual(['first', 'later-a', 'later-b', 'later-c']);
    // The failed attempt left nothing behind.
    const tags = (await sql<{ name: string }>`SELECT name FROM tags WHERE name LIKE 'later-%' ORDER BY name`.execute(db)).rows.map((r) => r.name);
    expect(tags).toEqual(['later-a', 'later-b', 'later-c']);
  });
});
