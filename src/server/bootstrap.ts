import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from './db/connection.js';
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
  const [{ n }] = (await sql<{ n: number }>`SELECT count(*)::int AS n FROM users`.execute(db)).rows;
  if (n > 0) return undefined;
  const email = opts.email ?? 'admin@remit.local';
  const password = opts.password ?? randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({ email, first_name: 'Admin', last_name: 'User', roles: ['admin'], password_digest: await hashPassword(password) })
    .execute();
  return { email, password: opts.password ? undefined : password };
}
