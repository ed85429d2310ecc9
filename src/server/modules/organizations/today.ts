import { dateIn, DEFAULT_TIME_ZONE } from '../../../shared/time-zone.js';
import type { Db } from '../../db/connection.js';
import './tables.js';

/** Today in each organization's time zone (DOMAIN.md "Dates and time zones"), read once for a whole job or request. */
export async function organizationToday(db: Db, now: Date = new Date()): Promise<(organizationId: number) => string> {
  const rows = await db.selectFrom('organizations').select(['id', 'time_zone']).execute();
  const zones = new Map(rows.map((r) => [Number(r.id), r.time_zone]));
  return (organizationId) => dateIn(zones.get(organizationId) ?? DEFAULT_TIME_ZONE, now);
}
