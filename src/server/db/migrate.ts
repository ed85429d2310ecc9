import { Migrator } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/**
 * Runs every pending migration (statically imported, so it works under any loader). Areas are built in
 * parallel and may land their numbered migrations out of order; a database that already ran a later one
 * still runs an earlier newcomer (each area's migration touches only its own tables).
 */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
