import { describe, expect, it } from 'vitest';
import { demoReferenceData } from '../../src/server/db/demo/reference.js';
import { demoUsers } from '../../src/server/db/demo/users.js';
import { demoVendors } from '../../src/server/db/demo/vendors.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

describe('vendor demo data', () => {
  it('loads a dozen vendors across countries and organizations, one change request pending, new ones awaiting confirmation', async () => {
    await api.db.transaction().execute(async (trx) => {
      await demoUsers.run(trx);
      await demoReferenceData.run(trx);
      await demoVendors.run(trx);
    });
    const admin = await api.user(['admin']);
    const all = (await api.request({ method: 'GET', url: '/api/vendors?s=100', as: admin })).json();
    expect(all.total).toBe(12);
    const entries = all.entries as { id: number; name: string; type: string; state: string; readonly: boolean; inactive: boolean; organization: { name: string }; address: { country_code: string } }[];
    expect(new Set(entries.map((e) => e.address.country_code)).size).toBeGreaterThanOrEqual(10);
    expect(new Set(entries.map((e) => e.organization.name))).toEqual(new Set(['Remit Media GmbH', 'Remit Media Ltd']));
    expect(new Set(entries.map((e) => e.type))).toEqual(new Set(['person', 'company']));
    expect(entries.filter((e) => e.inactive).map((e) => e.name)).toEqual(['Harbor Sound LLC']);

    const pending = (await api.request({ method: 'GET', url: '/api/vendors?list=confirmation_pending&s=100', as: admin })).json();
    expect(pending.entries.map((e: { name: string }) => e.name).sort()).toEqual(['Alpenklang OG', 'Emma Dubois', 'Neue Welle Media UG']);
    const alpen = pending.entries.find((e: { name: string }) => e.name === 'Alpenklang OG');
    const read = (await api.request({ method: 'GET', url: `/api/vendors/${alpen.id}`, as: admin })).json();
    expect(read).toMatchObject({ readonly: true, change_request_changes: { valid_from: '2026-12-01', changes: { name: ['Alpenklang OG', 'Alpenklang Musik OG'] } } });
    expect(Object.keys(read.change_request_changes.changes).sort()).toEqual(['address', 'name', 'payment_methods']);

    // Portal e-mails have their portal users: confirmed on confirmed vendors (the portal opens), pending on new ones.
    const confirmations = async (name: string) => {
      const v = entries.find((e) => e.name === name)!;
      const full = (await api.request({ method: 'GET', url: `/api/vendors/${v.id}`, as: admin })).json();
      return full.contacts.flatMap((c: { emails: { can_access_portal: boolean; portal_confirmation: string }[] }) => c.emails.filter((e) => e.can_access_portal).map((e) => e.portal_confirmation));
    };
    expect(await confirmations('Studio Nord GmbH')).toEqual(expect.arrayContaining(['confirmed']));
    expect(new Set(await confirmations('Emma Dubois'))).toEqual(new Set(['pending']));

    const managed = (await api.request({ method: 'GET', url: '/api/vendors?list=managed_by_me', as: admin })).json();
    expect(managed.total).toBe(0);

    // Saving a confirmed demo vendor unchanged passes every rule and makes no change request.
    const studio = entries.find((e) => e.name === 'Studio Nord GmbH')!;
    const full = (await api.request({ method: 'GET', url: `/api/vendors/${studio.id}`, as: admin })).json();
    const saved = await api.request({ method: 'PUT', url: `/api/vendors/${studio.id}`, payload: { vendor: full }, as: admin });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ readonly: false, lock_version: full.lock_version });
  });
});
