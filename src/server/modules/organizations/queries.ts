import type { Organization } from '../../../shared/entities/organization.js';
import { WBS_MATRIX } from '../../../shared/validation/organizations.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import { fullAddress } from '../../lib/address.js';
import './tables.js';
import '../session/tables.js';

/** The API's organization (shared with the client), with timestamps as dates until serialised. */
export type OrganizationEntity = Organization<Date>;

/** Where the logo is served; the digest in the query changes with the file, so caches never go stale. */
export const logoUrl = (id: number, digest: string | null) => (digest ? `/api/organizations/${id}/logo?v=${digest.slice(0, 12)}` : null);

const wbsOrder = (w: { contract_type: string; revenue_share_type: string }) =>
  WBS_MATRIX.findIndex((m) => m.contract_type === w.contract_type && m.revenue_share_type === w.revenue_share_type);

function groupBy<T extends { organization_id: number }>(rows: T[]): Map<number, Omit<T, 'organization_id'>[]> {
  const out = new Map<number, Omit<T, 'organization_id'>[]>();
  for (const { organization_id, ...rest } of rows) {
    const list = out.get(organization_id) ?? [];
    list.push(rest);
    out.set(organization_id, list);
  }
  return out;
}

export function loadOrganizations(db: Db, ids: readonly number[]): Promise<OrganizationEntity[]> {
  return byIds(ids, async (list) => {
    const [orgs, directors, imprints, signers, wbs, debtorAccounts] = await Promise.all([
      db.selectFrom('organizations').selectAll().where('id', 'in', list).execute(),
      db
        .selectFrom('organization_managing_directors')
        .select(['organization_id', 'id', 'full_name', 'email'])
        .where('organization_id', 'in', list)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('organization_legal_imprints')
        .select(['organization_id', 'id', 'locale', 'template'])
        .where('organization_id', 'in', list)
        .orderBy('position')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('organization_signers as s')
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.organization_id', 's.id', 's.user_id', 'u.email', 'u.first_name', 'u.last_name', 's.is_primary', 's.is_secondary'])
        .where('s.organization_id', 'in', list)
        .orderBy('s.position')
        .orderBy('s.id')
        .execute(),
      db
        .selectFrom('organization_wbs_codes')
        .select(['organization_id', 'id', 'contract_type', 'revenue_share_type', 'template'])
        .where('organization_id', 'in', list)
        .execute(),
      db
        .selectFrom('organization_debtor_accounts')
        .select(['organization_id', 'id', 'currency', 'iban', 'bic', 'account_holder'])
        .where('organization_id', 'in', list)
        .orderBy('position')
        .orderBy('id')
        .execute(),
    ]);
    const directorsOf = groupBy(directors);
    const imprintsOf = groupBy(imprints);
    const signersOf = groupBy(signers);
    const wbsOf = groupBy(wbs);
    const debtorAccountsOf = groupBy(debtorAccounts);
    return orgs.map((o) => ({
      id: o.id,
      name: o.name,
      number: o.number,
      country_code: o.country_code,
      currency: o.currency,
      city: o.city,
      postal_code: o.postal_code,
      street: o.street,
      street_number: o.street_number,
      full_address: fullAddress(o),
      color_primary: o.color_primary,
      color_accent: o.color_accent,
      overridden_payment_type: o.overridden_payment_type,
      logo_url: logoUrl(o.id, o.logo_digest),
      invoice_emails: o.invoice_emails,
      invoice_cc_emails: o.invoice_cc_emails,
      vendor_change_request_notification_emails: o.vendor_change_request_notification_emails,
      payment_paused_notification_emails: o.payment_paused_notification_emails,
      payment_due_interval_length: o.payment_due_interval_length,
      payment_due_interval_unit: o.payment_due_interval_unit,
      four_eyes: o.four_eyes,
      minimum_payout: o.minimum_payout,
      vendor_sources: { external: o.vendor_source_prefix_external, internal: o.vendor_source_prefix_internal, network: o.vendor_source_prefix_network },
      managing_directors: directorsOf.get(o.id) ?? [],
      legal_imprints: imprintsOf.get(o.id) ?? [],
      signers: (signersOf.get(o.id) ?? []).map(({ id, user_id, email, first_name, last_name, is_primary, is_secondary }) => ({
        id,
        user_id,
        user: { id: user_id, email, first_name, last_name },
        is_primary,
        is_secondary,
      })),
      wbs_codes: (wbsOf.get(o.id) ?? []).sort((a, b) => wbsOrder(a) - wbsOrder(b)),
      debtor_accounts: debtorAccountsOf.get(o.id) ?? [],
      created_at: o.created_at,
    }));
  });
}
