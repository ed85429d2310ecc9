import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Config } from './config.js';
import type { Db } from './db/connection.js';
import { loadDemoData } from './db/demo/index.js';
import type { Storage } from './lib/storage.js';
import { migrate } from './db/migrate.js';
import { hashPassword } from './modules/session/passwords.js';
import './modules/session/tables.js';

/**
 * On an empty database, creates the first admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that is returned to be printed once.
 */
export async function ensureAdmin(
  db: Db,
  opts: { email?: string; password?: string },
): Promise<{ email: string; password?: string } | undefined> {
  const email = opts.email ?? 'admin@remit.local';
  const password = opts.password ?? randomBytes(12).toString('base64url');
  const digest = await hashPassword(password);
  // Two processes starting at once on a new database (web and workers) create one admin between them.
  const created = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext('remit:first-admin'))`.execute(trx);
    const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(trx)).rows;
    if (n > 0) return false;
    await trx.insertInto('users').values({ email, first_name: 'Admin', last_name: 'User', roles: ['admin'], password_digest: digest }).execute();
    return true;
  });
  if (!created) return undefined;
  return { email, password: opts.password ? undefined : password };
}

/** Whether the database has never seen Remit (no `users` table yet). */
export async function databaseIsEmpty(db: Db): Promise<boolean> {
  const res = await sql<{ empty: boolean }>`SELECT to_regclass('public.users') IS NULL AS empty`.execute(db);
  return res.rows[0].empty;
}

/**
 * Start-up on a database: migrations, the first admin, and the demo data set when configured (all of
 * it on a new database; on one that already has demo data, the seeds added since). `onAdmin` hears of
 * a created admin at once, so a generated password is not lost when a later step fails.
 */
export async function prepareDatabase(
  db: Db,
  config: Pick<Config, 'adminEmail' | 'adminPassword' | 'demo'>,
  onAdmin: (admin: { email: string; password?: string }) => void = () => {},
  storage?: Storage,
): Promise<{ fresh: boolean; admin: { email: string; password?: string } | undefined; demo: string[] }> {
  const fresh = await databaseIsEmpty(db);
  await migrate(db);
  const admin = await ensureAdmin(db, { email: config.adminEmail, password: config.adminPassword });
  if (admin) onAdmin(admin);
  const demo = config.demo ? await loadDemoData(db, { freshDatabase: fresh, storage }) : [];
  return { fresh, admin, demo };
}
