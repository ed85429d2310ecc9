import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as contentOwners from './0002_content_owners.js';

/** Every migration, by name; the name's numeric prefix orders them. An area adds its file here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_content_owners': contentOwners,
};
