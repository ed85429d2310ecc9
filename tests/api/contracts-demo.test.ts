import { describe, expect, it } from 'vitest';
import { demoContracts } from '../../src/server/db/demo/contracts.js';
import { demoReferenceData } from '../../src/server/db/demo/reference.js';
import { demoRevenueSources } from '../../src/server/db/demo/revenue-sources.js';
import { demoUsers } from '../../src/server/db/demo/users.js';
import { demoVendors } from '../../src/server/db/demo/vendors.js';
import { setupApi } from '../support/api.js';

const api = setupApi();

describe('contract demo data', () => {
  it('loads contracts in every state on the demo vendors and sources, a termination pending and a vendor on hold', async () => {
    await api.db.transaction().execute(async (trx) => {
      for (const seed of [demoUsers, demoReferenceData, demoRevenueSources, demoVendors, demoContracts]) await seed.run(trx, { storage: api.ctx.storage });
    });
    const admin = await api.user(['admin']);
    const list = async (query: string) => (await api.request({ method: 'GET', url: `/api/contracts?size=100&${query}`, as: admin })).json();
    const all = await list('');
    const states = new Set(all.entries.map((c: { state: string }) => c.state));
    expect(states).toEqual(new Set(['draft', 'approval_pending', 'signing_pending', 'rejected', 'signing_cancelled', 'signed', 'terminated', 'cancelled']));
    expect((await list('list=termination_pending')).total).toBe(1);
    expect((await list('filter[payout_on_hold]=1')).total).toBe(1);
    const terminated = all.entries.find((c: { state: string }) => c.state === 'terminated');
    expect(terminated).toMatchObject({ active_from: '2025-01-01', active_to: '2026-06-30', state_final: true });

    // Amendments: one waiting for approval, one signed and due (awaiting apply).
    const pending = await list('list=amendments_pending');
    expect(pending.total).toBe(2);
    const amendments = pending.entries.flatMap((c: { amendments: { state: string; can_apply: boolean; document_url: string | null }[] }) => c.amendments);
    expect(amendments.map((a: { state: string }) => a.state).sort()).toEqual(['approval_pending', 'signed']);
    const due = amendments.find((a: { state: string }) => a.state === 'signed');
    expect(due).toMatchObject({ can_apply: true, document_url: expect.any(String) });

    // Signed (and terminated) demo contracts have their document; it is a PDF.
    for (const c of all.entries.filter((x: { state: string }) => ['signed', 'terminated', 'signing_pending'].includes(x.state))) {
      expect(c.document_url, `contract ${c.id}`).toEqual(expect.any(String));
    }
    const signedOne = all.entries.find((c: { state: string }) => c.state === 'signed');
    const file = await api.request({ method: 'GET', url: signedOne.document_url, as: admin });
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // A signed demo contract saved unchanged passes every rule and changes nothing.
    const signed = all.entries.find((c: { state: string; revenue_shares: unknown[] }) => c.state === 'signed' && c.revenue_shares.length === 4);
    const saved = await api.request({ method: 'PUT', url: `/api/contracts/${signed.id}`, payload: { contract: signed }, as: admin });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().lock_version).toBe(signed.lock_version);

    // The demo keeps one contract per source and day: its due amendment applies and its pending contract approves,
    // as the browser tests do (each would be refused with contract_overlap otherwise).
    const dueOf = pending.entries.find((c: { amendments: { state: string }[] }) => c.amendments.some((a) => a.state === 'signed'));
    const dueId = dueOf.amendments.find((a: { state: string }) => a.state === 'signed').id;
    const applied = await api.request({ method: 'POST', url: `/api/contracts/${dueOf.id}/amendments/${dueId}/apply`, as: admin });
    expect(applied.statusCode, applied.body).toBe(200);
    const waiting = all.entries.find((c: { state: string }) => c.state === 'approval_pending');
    const approved = await api.request({ method: 'POST', url: `/api/contracts/${waiting.id}/approve`, as: admin });
    expect(approved.statusCode, approved.body).toBe(200);
  });
});
