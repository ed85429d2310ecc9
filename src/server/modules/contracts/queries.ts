import { sql } from 'kysely';
import type { Contract, ContractVendor } from '../../../shared/entities/contract.js';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import { loadPaymentMethods, vendorRefs } from '../vendors/queries.js';
import '../organizations/tables.js';
import '../revenue-sources/tables.js';
import '../tags/tables.js';
import '../vendors/tables.js';
import { loadAmendments } from './amendment-queries.js';
import { documentUrl, groupBy } from './query-helpers.js';
import { stateFlags } from './state-machine.js';
import './tables.js';

/** The API's contract (shared with the client), with timestamps as dates until serialised. */
export type ContractEntity = Contract<Date>;

export const TAGGABLE_TYPE = 'Contract';

export { documentUrl };

/** Contracts by id as `viewer` sees them (the transition flags depend on the viewer's roles). */
export function loadContracts(db: Db, ids: readonly number[], viewer: CurrentUser | null): Promise<ContractEntity[]> {
  return byIds(ids, async (list) => {
    const [contracts, vendors, shares, sources, tags, documents, terminations] = await Promise.all([
      db
        .selectFrom('contracts')
        .innerJoin('organizations', 'organizations.id', 'contracts.organization_id')
        .selectAll('contracts')
        .select('organizations.name as organization_name')
        .where('contracts.id', 'in', list)
        .execute(),
      db.selectFrom('contract_vendors').selectAll().where('contract_id', 'in', list).orderBy('position').orderBy('id').execute(),
      db.selectFrom('contract_revenue_shares').selectAll().where('contract_id', 'in', list).orderBy('id').execute(),
      db
        .selectFrom('contract_revenue_sources as crs')
        .innerJoin('revenue_sources as rs', 'rs.id', 'crs.revenue_source_id')
        .select(['crs.contract_id', 'rs.id', 'rs.name', 'rs.reference_id', 'rs.type'])
        .where('crs.contract_id', 'in', list)
        .orderBy('rs.id')
        .execute(),
      db
        .selectFrom('taggings')
        .innerJoin('tags', 'tags.id', 'taggings.tag_id')
        .select(['taggings.taggable_id as contract_id', 'tags.id', 'tags.name'])
        .where('taggings.taggable_type', '=', TAGGABLE_TYPE)
        .where('taggings.taggable_id', 'in', list)
        .orderBy('tags.name')
        .execute(),
      db
        .selectFrom('contract_documents')
        .select(['id', 'contract_id'])
        .where('contract_id', 'in', list)
        .where('contract_amendment_id', 'is', null)
        .where('contract_termination_request_id', 'is', null)
        .orderBy('id', 'desc')
        .execute(),
      db
        .selectFrom('contract_termination_requests as t')
        .selectAll('t')
        .select((eb) =>
          eb
            .selectFrom('contract_documents as d')
            .select(sql<number>`max(d.id)`.as('id'))
            .whereRef('d.contract_termination_request_id', '=', 't.id')
            .as('document_id'),
        )
        .where('t.contract_id', 'in', list)
        .orderBy('t.id', 'desc')
        .execute(),
    ]);
    const amendments = groupBy(await loadAmendments(db, { contractIds: contracts.map((c) => c.id) }, viewer), (a) => a.contract_id);
    const cvIds = vendors.map((v) => v.id);
    const vendorIds = [...new Set(vendors.map((v) => v.vendor_id))];
    const [refs, methods, emails] = await Promise.all([
      vendorRefs(db, vendorIds),
      loadPaymentMethods(db, vendorIds),
      byIds(cvIds, (cv) =>
        db
          .selectFrom('contract_vendor_contact_emails as l')
          .innerJoin('vendor_contact_emails as e', 'e.id', 'l.vendor_contact_email_id')
          .select(['l.contract_vendor_id', 'e.id', 'e.email'])
          .where('l.contract_vendor_id', 'in', cv)
          .orderBy('e.id')
          .execute(),
      ),
    ]);
    const emailsOf = groupBy(emails, (e) => e.contract_vendor_id);
    const vendorsOf = groupBy(vendors, (v) => v.contract_id);
    const sharesOf = groupBy(shares, (s) => s.contract_id);
    const sourcesOf = groupBy(sources, (s) => s.contract_id);
    const tagsOf = groupBy(tags, (t) => t.contract_id);
    const terminationOf = new Map<number, (typeof terminations)[number]>();
    for (const t of terminations) if (!terminationOf.has(t.contract_id)) terminationOf.set(t.contract_id, t);
    const documentOf = new Map<number, number>();
    for (const d of documents) if (!documentOf.has(d.contract_id)) documentOf.set(d.contract_id, d.id);
    const roles = viewer?.roles ?? [];

    return contracts.map((c): ContractEntity => {
      const documentId = documentOf.get(c.id);
      const t = terminationOf.get(c.id);
      return {
        id: c.id,
        organization_id: c.organization_id,
        organization: { id: c.organization_id, name: c.organization_name },
        contract_type: c.contract_type,
        currency: c.currency,
        start_date: c.start_date,
        end_date: c.end_date,
        active_from: c.active_from,
        active_to: c.active_to,
        terminated_on: c.terminated_on,
        termination_possible_from: c.termination_possible_from,
        termination_period_months: c.termination_period_months,
        state: c.state,
        state_comment: c.state_comment,
        ...stateFlags(c.state, roles),
        template_name: c.template_name,
        document_url: documentId ? documentUrl(c.id, documentId) : null,
        primary_signer_email: c.primary_signer_email ? { email: c.primary_signer_email } : null,
        secondary_signer_email: c.secondary_signer_email ? { email: c.secondary_signer_email } : null,
        credit_note_type: c.credit_note_type,
        report_templates: c.report_templates,
        tags: (tagsOf.get(c.id) ?? []).map((t) => ({ id: t.id, name: t.name })),
        contract_vendors: (vendorsOf.get(c.id) ?? []).map((v): ContractVendor<Date> => {
          const ref = refs.get(v.vendor_id);
          const contactEmails = (emailsOf.get(v.id) ?? []).map((e) => ({ id: e.id, email: e.email }));
          return {
            id: v.id,
            vendor_id: v.vendor_id,
            vendor: ref
              ? { id: ref.id, name: ref.name, number: ref.number, full_number: ref.full_number, inactive: ref.inactive }
              : { id: v.vendor_id, name: '', number: 0, full_number: '', inactive: true },
            vendor_payment_method_id: v.vendor_payment_method_id,
            vendor_payment_method: (methods.get(v.vendor_id) ?? []).find((m) => m.id === v.vendor_payment_method_id) ?? null,
            share_percentage: v.share_percentage,
            minimum_payout: v.minimum_payout,
            vendor_contact_email_ids: contactEmails.map((e) => e.id),
            vendor_contact_emails: contactEmails,
            payout_on_hold: v.payout_on_hold,
            payout_on_hold_reason: v.payout_on_hold_reason,
            payout_on_hold_at: v.payout_on_hold_at,
          };
        }),
        revenue_shares: (sharesOf.get(c.id) ?? []).map((s) => ({
          id: s.id,
          type: s.type,
          formula: s.formula,
          rev_share: s.rev_share,
          baseline: s.baseline,
          fixed_income: s.fixed_income,
          threshold: s.threshold,
        })),
        revenue_sources: (sourcesOf.get(c.id) ?? []).map((s) => ({ id: s.id, name: s.name, reference_id: s.reference_id, type: s.type })),
        termination_request: t
          ? {
              id: t.id,
              state: t.state,
              state_pending: t.state === 'pending',
              state_editable: t.state === 'pending',
              state_deletable: t.state === 'pending',
              state_comment: t.state_comment,
              terminate_on: t.terminate_on,
              termination_reason: t.termination_reason,
              document_url: t.document_id ? documentUrl(c.id, Number(t.document_id)) : null,
              created_at: t.created_at,
            }
          : null,
        amendments: amendments.get(c.id) ?? [],
        created_at: c.created_at,
        updated_at: c.updated_at,
      };
    });
  });
}
