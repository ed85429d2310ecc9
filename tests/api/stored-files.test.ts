import fs from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ORPHAN_GRACE_MS, removeOrphanFiles } from '../../src/server/modules/stored-files.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(50, 1)]);

async function storedKeys(): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of api.ctx.storage.list()) keys.push(file.key);
  return keys.sort();
}

/** A stored file last written `minutesAgo` ago. */
async function fileFrom(minutesAgo: number): Promise<string> {
  const { key } = await api.ctx.storage.put(PNG, 'png');
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await fs.utimes(api.ctx.storage.pathOf(key), at, at);
  return key;
}

async function organizationWithLogo(number: string, key: string) {
  await api.db
    .insertInto('organizations')
    .values({
      name: `Org ${number}`,
      number,
      country_code: 'DE',
      currency: 'EUR',
      city: 'Köln',
      postal_code: '50667',
      street: 'Domkloster',
      street_number: '4',
      vendor_source_prefix_external: '100',
      vendor_source_prefix_internal: '200',
      vendor_source_prefix_network: '300',
      logo_key: key,
      logo_content_type: 'image/png',
      logo_digest: 'x',
    })
    .execute();
}

describe('orphan files', () => {
  it('removes old files no record references, and keeps referenced and recent ones', async () => {
    const referenced = await fileFrom(120);
    await organizationWithLogo('ORPH-1', referenced);
    const orphan = await fileFrom(120);
    const anotherOrphan = await fileFrom(ORPHAN_GRACE_MS / 60_000 + 1);
    const inFlight = await fileFrom(0); // an upload whose write has not committed yet

    expect(await removeOrphanFiles(api.ctx, new Date(Date.now() - ORPHAN_GRACE_MS))).toBe(2);
    expect(await storedKeys()).toEqual([referenced, inFlight].sort());
    expect(await storedKeys()).not.toContain(orphan);
    expect(await storedKeys()).not.toContain(anotherOrphan);
    await api.ctx.storage.remove(inFlight);
  });

  it('is a daily job, registered with its schedule, that does the clean-up when it runs', async () => {
    const { rows } = await sql<{ cron: string }>`SELECT cron FROM pgboss.schedule WHERE name = 'files.orphan-cleanup'`.execute(api.db);
    expect(rows).toEqual([{ cron: '30 3 * * *' }]);

    const referenced = await fileFrom(120);
    await organizationWithLogo('ORPH-2', referenced);
    const orphan = await fileFrom(120);
    const id = await api.ctx.jobs.send(api.db, 'files.orphan-cleanup', {});
    await api.settled();
    expect(await storedKeys()).toContain(referenced);
    expect(await storedKeys()).not.toContain(orphan);
    const link = await api.db.selectFrom('job_links').selectAll().where('job_id', '=', id!).executeTakeFirstOrThrow();
    expect(link).toMatchObject({ state: 'completed', progress_message: '1 orphan files removed' });
  });
});
