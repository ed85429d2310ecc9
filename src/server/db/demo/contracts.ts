import { sql } from 'kysely';
import type { ContractState } from '../../../shared/entities/contract.js';
import { validateContract } from '../../../shared/validation/contracts.js';
import type { CurrentUser } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import type { WriteContext } from '../../http/resource.js';
import { audit } from '../../modules/audit/audit.js';
import type { Storage } from '../../lib/storage.js';
import { AMENDMENT_AUDIT_TYPE, createAmendment, parseAmendment } from '../../modules/contracts/amendment-service.js';
import { renderContractPdf } from '../../modules/contracts/contract-pdf.js';
import { loadContracts } from '../../modules/contracts/queries.js';
import { sourceConflicts } from '../../modules/contracts/source-overlap.js';
import { createContract } from '../../modules/contracts/service.js';
import { todayIso } from '../../modules/contracts/state-machine.js';
import type { Db } from '../connection.js';
import type { DemoEnv, DemoSeed } from './index.js';
import '../../modules/contracts/tables.js';
import '../../modules/organizations/tables.js';
import '../../modules/session/tables.js';
import '../../modules/revenue-sources/tables.js';
import '../../modules/vendors/tables.js';

interface DemoContract {
  state: ContractState;
  /** Indexes into the organization's active confirmed vendors, with their shares (total 100). */
  /** Vendor index, share percentage and, for some, a minimum payout (their small earnings carry to the next payout). */
  vendors: [number, string, string?][];
  /** Indexes into the organization's revenue sources (wrapping around). */
  sources: number[];
  shares: Record<string, unknown>[];
  start_date: string;
  end_date?: string;
  comment?: string;
  terminated_on?: string;
  /** A pending termination request (signed contracts). */
  terminationRequest?: { terminate_on: string; reason: string };
  /** A vendor paused with this reason (final contracts). */
  hold?: string;
  /** An amendment in this state: approval_pending (new shares, from next month) or signed (new sources, due today: awaiting apply). */
  amendment?: 'approval_pending' | 'signed';
}

const combined = (rev: string, direct: string) => [
  { type: 'all', formula: 'rev_share', rev_share: rev, baseline: '0' },
  { type: 'direct', formula: 'rev_share', rev_share: direct, baseline: '0' },
];
const separate = [
  { type: 'indirect', formula: 'rev_share', rev_share: '65', baseline: '1.00' },
  { type: 'red', formula: 'cap', rev_share: '70', threshold: '5000.00' },
  { type: 'direct', formula: 'fixed_income', fixed_income: '250.00' },
  { type: 'shorts', formula: 'rev_share', rev_share: '50', baseline: '0' },
];

/** Contracts in every state on the demo vendors and sources, so payouts have signed contracts to allocate to. */
const CONTRACTS: DemoContract[] = [
  { state: 'signed', vendors: [[0, '100']], sources: [0, 1], shares: combined('70', '80'), start_date: '2026-01-01', end_date: '2028-12-31', amendment: 'approval_pending' },
  { state: 'signed', vendors: [[1, '60'], [2, '40', '5.00']], sources: [2], shares: separate, start_date: '2025-07-01', terminationRequest: { terminate_on: '2026-12-31', reason: 'Channel sold' } },
  { state: 'signed', vendors: [[3, '100']], sources: [3], shares: combined('75', '85'), start_date: '2026-03-01', hold: 'Tax certificate missing', amendment: 'signed' },
  { state: 'terminated', vendors: [[4, '100']], sources: [4], shares: combined('60', '70'), start_date: '2025-01-01', terminated_on: '2026-06-30', comment: 'Terminated by mutual agreement' },
  { state: 'draft', vendors: [[0, '50'], [1, '50']], sources: [1], shares: combined('70', '75'), start_date: '2027-01-01' },
  // Starts after the first contract's term: one source may not be on two contracts sharing a day, so it can be approved.
  { state: 'approval_pending', vendors: [[2, '100']], sources: [0], shares: combined('72.5', '80'), start_date: '2029-01-01' },
  { state: 'signing_pending', vendors: [[3, '100']], sources: [2], shares: separate, start_date: '2027-02-01' },
  { state: 'rejected', vendors: [[4, '100']], sources: [3], shares: combined('90', '90'), start_date: '2027-01-01', comment: 'Share above the policy limit' },
  { state: 'cancelled', vendors: [[1, '100']], sources: [4], shares: combined('70', '70'), start_date: '2026-05-01', comment: 'Artist withdrew' },
  { state: 'signing_cancelled', vendors: [[0, '100']], sources: [3], shares: combined('70', '70'), start_date: '2026-04-01', comment: 'Never signed' },
];

/** Where a demo contract's document comes from: the signed copy once signed, the generated one while signing is pending. */
const DOCUMENT_KIND: Partial<Record<ContractState, 'signed' | 'generated'>> = { signed: 'signed', terminated: 'signed', signing_pending: 'generated' };

/** Stores `pdf` as a document of the contract (or of its amendment). */
async function storeDocument(db: Db, storage: Storage, pdf: Buffer, row: { contract_id: number; contract_amendment_id?: number; kind: 'signed' | 'generated' }) {
  const file = await storage.put(pdf, 'pdf');
  await db
    .insertInto('contract_documents')
    .values({ ...row, file_key: file.key, filename: `contract-${row.contract_id}.pdf`, content_type: 'application/pdf', digest: file.digest })
    .execute();
}

/** The first month after today, as the apply date of a pending amendment. */
const nextMonth = () => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

/** A demo amendment on the (final) contract `id`, moved to `state` as approvers and signers would. */
async function seedAmendment(
  db: Db,
  w: WriteContext,
  id: number,
  state: 'approval_pending' | 'signed',
  { signer, address, storage, actorId }: { signer: string; address: string; storage?: Storage; actorId: number | null },
) {
  const [contract] = await loadContracts(db, [id], null);
  const body =
    state === 'approval_pending'
      ? { apply_on: nextMonth(), primary_signer_email: signer, change_revenue_shares: true, revenue_shares: combined('72.5', '82.5'), submit_for_approval: true }
      : { apply_on: todayIso(), primary_signer_email: signer, change_revenue_sources: true, revenue_source_ids: contract.revenue_sources.slice(0, 1).map((s) => s.id), submit_for_approval: true };
  // A signed amendment with a single source of its contract's would be `unchanged`: it then adds the first
  // source of the organization that no other contract holds from the apply date on (one contract per source and day).
  if (state === 'signed') {
    const others = await db.selectFrom('revenue_sources').select('id').where('organization_id', '=', contract.organization_id).where('id', 'not in', contract.revenue_sources.map((s) => s.id)).orderBy('id').execute();
    for (const { id: sourceId } of others) {
      if ((await sourceConflicts(db, contract.id, [sourceId], todayIso(), contract.end_date ?? null)).length > 0) continue;
      body.revenue_source_ids = [...(body.revenue_source_ids ?? []), sourceId];
      break;
    }
  }
  const amendmentId = await createAmendment(w, contract, parseAmendment(body, contract, null));
  await audit(db, { action: 'create', type: AMENDMENT_AUDIT_TYPE, id: amendmentId, changes: { state: [null, 'approval_pending'] }, userId: actorId });
  if (state === 'signed') {
    await db.updateTable('contract_amendments').set({ state: 'signed' }).where('id', '=', amendmentId).execute();
    if (storage) {
      const [after] = await loadContracts(db, [id], null);
      const pdf = await renderContractPdf({ contract: after, organizationAddress: address, language: 'en' });
      await storeDocument(db, storage, pdf, { contract_id: id, contract_amendment_id: amendmentId, kind: 'signed' });
    }
  }
}

export const demoContracts: DemoSeed = {
  name: 'contracts',
  async run(db: Db, env: DemoEnv = {}) {
    const org = await db.selectFrom('organizations').select(['id', 'currency']).where('number', '=', '1000').executeTakeFirst();
    if (!org) return;
    const vendors = await db
      .selectFrom('vendors')
      .select('id')
      .where('organization_id', '=', org.id)
      .where('state', '=', 'confirmed')
      .where('inactive', '=', false)
      .where('change_request', 'is', null)
      .orderBy('id')
      .execute();
    const sources = await db.selectFrom('revenue_sources').select('id').where('organization_id', '=', org.id).orderBy('id').execute();
    if (vendors.length < 5 || sources.length < 2) return;
    const parts = async (vendorId: number) => ({
      method: await db.selectFrom('vendor_payment_methods').select('id').where('vendor_id', '=', vendorId).orderBy('position').executeTakeFirstOrThrow(),
      email: await db.selectFrom('vendor_contact_emails').select('id').where('vendor_id', '=', vendorId).orderBy('id').executeTakeFirstOrThrow(),
    });
    const manager = await db.selectFrom('users').select(['id', 'email', 'first_name', 'last_name', 'roles']).where('email', '=', 'contracts@remit.local').executeTakeFirst();
    const actor: CurrentUser = manager ? { ...manager, sessionId: 0 } : { id: 0, email: 'demo', first_name: 'Demo', last_name: 'Data', roles: ['admin'], sessionId: 0 };
    const w: WriteContext = { trx: db, user: actor, afterCommit: () => {}, onRollback: () => {} };
    // Amendments are signed by the organization's own signers (none: no demo amendments).
    const signer = await db
      .selectFrom('organization_signers as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select('u.email')
      .where('s.organization_id', '=', org.id)
      .orderBy('s.position')
      .executeTakeFirst();
    const place = await db.selectFrom('organizations').select(['street', 'street_number', 'postal_code', 'city', 'country_code']).where('id', '=', org.id).executeTakeFirstOrThrow();
    const address = `${place.street} ${place.street_number}, ${place.postal_code} ${place.city}, ${place.country_code}`;

    for (const d of CONTRACTS) {
      const contractVendors = [];
      for (const [index, share, minimum] of d.vendors) {
        const vendorId = vendors[index].id;
        const { method, email } = await parts(vendorId);
        contractVendors.push({ vendor_id: vendorId, vendor_payment_method_id: method.id, share_percentage: share, minimum_payout: minimum, vendor_contact_email_ids: [email.id] });
      }
      const result = validateContract({
        organization_id: org.id,
        contract_type: 'adsense',
        currency: org.currency,
        start_date: d.start_date,
        end_date: d.end_date,
        termination_period_months: 3,
        credit_note_type: 'detailed',
        template_name: 'standard',
        report_templates: ['standard'],
        revenue_shares: d.shares,
        contract_vendors: contractVendors,
        revenue_source_ids: [...new Set(d.sources.map((i) => sources[i % sources.length].id))],
      });
      if (!result.ok) throw new ValidationFailed(result.errors);
      const id = await createContract(w, result.value);
      await audit(db, { action: 'create', type: 'Contract', id, changes: { state: [null, 'draft'] }, userId: manager?.id ?? null });
      if (d.state !== 'draft') {
        await db
          .updateTable('contracts')
          .set({
            state: d.state,
            state_comment: d.comment ?? null,
            terminated_on: d.terminated_on ?? null,
            signed_at: d.state === 'signed' || d.state === 'terminated' ? sql<Date>`now()` : null,
          })
          .where('id', '=', id)
          .execute();
      }
      if (d.terminationRequest) {
        await db.insertInto('contract_termination_requests').values({ contract_id: id, terminate_on: d.terminationRequest.terminate_on, termination_reason: d.terminationRequest.reason }).execute();
      }
      if (d.hold) {
        await db.updateTable('contract_vendors').set({ payout_on_hold: true, payout_on_hold_reason: d.hold, payout_on_hold_at: sql<Date>`now()` }).where('contract_id', '=', id).execute();
      }
      const kind = DOCUMENT_KIND[d.state];
      if (kind && env.storage) {
        const [contract] = await loadContracts(db, [id], null);
        await storeDocument(db, env.storage, await renderContractPdf({ contract, organizationAddress: address, language: 'en' }), { contract_id: id, kind });
      }
      if (d.amendment && signer) await seedAmendment(db, w, id, d.amendment, { signer: signer.email, address, storage: env.storage, actorId: manager?.id ?? null });
    }
  },
};
