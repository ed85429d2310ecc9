import type { Migration } from 'kysely';
import * as foundation from './0001_foundation.js';
import * as contentOwners from './0002_content_owners.js';
import * as referenceData from './0003_reference_data.js';
import * as portalAndChannels from './0004_portal_and_channels.js';

/** Every migration, by name; the name's numeric prefix orders them. An area adds its file here. */
export const migrations: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_content_owners': contentOwners,
  '0003_reference_data': referenceData,
  '0004_portal_and_channels': portalAndChannels,
};
