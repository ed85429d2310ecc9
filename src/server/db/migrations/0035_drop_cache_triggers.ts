import { type Kysely, sql } from 'kysely';
import * as sessionNotify from './0028_session_notify.js';
import * as changeNotify from './0031_change_notify.js';

// The in-memory caches are gone: the answer cache served only a benchmark reading one list again and
// again, and the session cache saved nothing measurable on realistic requests (docs/benchmarks.md). Their
// triggers go with them: migration 0031's statement triggers on every table (and the notify each writing
// transaction paid for at commit) and migration 0028's on sessions and users. Both migrations stay as history.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE t record;
    BEGIN
      FOR t IN SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid WHERE g.tgname = 'remit_notify_change' LOOP
        EXECUTE format('DROP TRIGGER remit_notify_change ON %I', t.relname);
      END LOOP;
    END $$;
    DROP FUNCTION IF EXISTS remit_notify_change();
    DROP TRIGGER IF EXISTS users_notify_truncate ON users;
    DROP TRIGGER IF EXISTS users_notify_delete ON users;
    DROP TRIGGER IF EXISTS users_notify_update ON users;
    DROP TRIGGER IF EXISTS sessions_notify_truncate ON sessions;
    DROP TRIGGER IF EXISTS sessions_notify_delete ON sessions;
    DROP TRIGGER IF EXISTS sessions_notify_update ON sessions;
    DROP FUNCTION IF EXISTS remit_notify_session();
  `.execute(db);
}

// What 0028 and 0031 made comes back, so their own downs run after this one (the per-table triggers
// were never a migration's: nothing adds them again).
export async function down(db: Kysely<unknown>): Promise<void> {
  await sessionNotify.up(db);
  await changeNotify.up(db);
}
