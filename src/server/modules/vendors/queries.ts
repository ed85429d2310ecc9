import { sql } from 'kysely';
import type { ContactEmail, PaymentMethod, TaxInfo, Vendor, VendorAddress, VendorDetailed, VendorRef } from '../../../shared/entities/vendor.js';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds } from '../../http/resource.js';
import '../banks/tables.js';
import '../organizations/tables.js';
import '../session/tables.js';
import '../tags/tables.js';
import './tables.js';
import { phoneParts } from './phone.js';

/** The API's vendor (shared with the client), with timestamps as dates until serialised. */
export type VendorEntity = Vendor<Date>;

export const TAGGABLE_TYPE = 'Vendor';

/** `full_number`: the organization's 3-digit prefix for the source + the number padded to 6 digits. */
export const fullNumberSql = sql<string>`(
  CASE vendors.source WHEN 'external' THEN organizations.vendor_source_prefix_external
    WHEN 'internal' THEN organizations.vendor_source_prefix_internal ELSE organizations.vendor_source_prefix_network END
  || lpad(vendors.number::text, 6, '0'))`;

export const documentUrl = (vendorId: number, documentId: number) => `/api/vendors/${vendorId}/documents/${documentId}`;

function groupBy<T, K extends keyof T>(rows: T[], key: K): Map<T[K], T[]> {
  const out = new Map<T[K], T[]>();
  for (const row of rows) {
    const list = out.get(row[key]) ?? [];
    list.push(row);
    out.set(row[key], list);
  }
  return out;
}

/** An email's portal state: pending while it may access the portal, has a portal user and is not confirmed. */
export function portalConfirmation(e: { can_access_portal: boolean; portal_user_id: number | null; is_confirmed: boolean }): ContactEmail['portal_confirmation'] {
  if (!e.can_access_portal) return 'none';
  if (e.is_confirmed) return 'confirmed';
  return e.portal_user_id ? 'pending' : 'none';
}

/** Vendors as references (name, numbers) by id. */
export async function vendorRefs(db: Db, ids: readonly number[]): Promise<Map<number, VendorRef>> {
  const rows = await byIds(ids, (list) =>
    db
      .selectFrom('vendors')
      .innerJoin('organizations', 'organizations.id', 'vendors.organization_id')
      .select(['vendors.id', 'vendors.name', 'vendors.number', 'vendors.inactive', fullNumberSql.as('full_number')])
      .where('vendors.id', 'in', list)
      .execute(),
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** The payment methods of these vendors, as the API answers them, by vendor id. */
export async function loadPaymentMethods(db: Db, vendorIds: readonly number[]): Promise<Map<number, PaymentMethod[]>> {
  const rows = await byIds(vendorIds, (list) =>
    db
      .selectFrom('vendor_payment_methods as m')
      .leftJoin('banks', 'banks.id', 'm.bank_id')
      .leftJoin('vendor_payment_methods as src', 'src.id', 'm.source_payment_method_id')
      .selectAll('m')
      .select([
        'banks.name as bank_name',
        'banks.bank_key',
        'banks.bic as bank_bic',
        'banks.street as bank_street',
        'banks.postal_code as bank_postal_code',
        'banks.city as bank_city',
        'banks.country_code as bank_country_code',
        'src.vendor_id as src_vendor_id',
        'src.account_holder as src_account_holder',
        'src.iban as src_iban',
        'src.account_number as src_account_number',
      ])
      .where('m.vendor_id', 'in', list)
      .orderBy('m.position')
      .orderBy('m.id')
      .execute(),
  );
  const payees = await vendorRefs(db, [...new Set(rows.flatMap((r) => (r.src_vendor_id ? [r.src_vendor_id] : [])))]);
  const out = new Map<number, PaymentMethod[]>();
  for (const r of rows) {
    const common = { id: r.id, contract_vendors: [] };
    let method: PaymentMethod;
    if (r.type === 'bank') {
      method = {
        ...common,
        type: 'bank',
        account_holder: r.account_holder ?? '',
        is_sepa: r.is_sepa,
        iban: r.iban,
        bic: r.bic,
        account_number: r.account_number,
        sap_partner_type: r.sap_partner_type,
        bank_id: r.bank_id,
        bank:
          r.bank_id && r.bank_name
            ? {
                id: r.bank_id,
                name: r.bank_name,
                bank_key: r.bank_key ?? '',
                bic: r.bank_bic,
                street: r.bank_street ?? '',
                postal_code: r.bank_postal_code ?? '',
                city: r.bank_city ?? '',
                country_code: r.bank_country_code ?? '',
              }
            : null,
      };
    } else if (r.type === 'paypal') {
      method = { ...common, type: 'paypal', account_holder: r.account_holder ?? '', email: r.email ?? '' };
    } else if (r.type === 'alternative_payee') {
      method = {
        ...common,
        type: 'alternative_payee',
        source_payment_method_id: r.source_payment_method_id!,
        vendor: payees.get(r.src_vendor_id!)!,
        source_payment_method: { id: r.source_payment_method_id!, account_holder: r.src_account_holder ?? '', iban: r.src_iban, account_number: r.src_account_number },
      };
    } else {
      method = { ...common, type: 'no_account' };
    }
    const list = out.get(r.vendor_id) ?? [];
    list.push(method);
    out.set(r.vendor_id, list);
  }
  return out;
}

/** The vendors with these ids, whole (the details, the form, the write path's snapshot). */
/** What a vendor's audit entry leaves out: derived and joined parts, not the vendor's data. */
export const VENDOR_AUDIT_IGNORE = ['deletable', 'readonly', 'organization', 'account_manager', 'full_number', 'documents', 'contract_vendors', 'youtube_accounts', 'updated_at'];

export function loadVendors(db: Db, ids: readonly number[], _viewer?: CurrentUser | null): Promise<VendorEntity[]> {
  return byIds(ids, async (list) => {
    const [vendors, addresses, taxes, contacts, emails, phones, skypes, facebooks, methods, refs, tags, documents, contractVendors] = await Promise.all([
      db
        .selectFrom('vendors')
        .innerJoin('organizations', 'organizations.id', 'vendors.organization_id')
        .leftJoin('users', 'users.id', 'vendors.account_manager_id')
        .selectAll('vendors')
        .select([
          'organizations.name as organization_name',
          'organizations.number as organization_number',
          fullNumberSql.as('full_number'),
          'users.first_name as am_first_name',
          'users.last_name as am_last_name',
          'users.email as am_email',
        ])
        .where('vendors.id', 'in', list)
        .execute(),
      db.selectFrom('vendor_addresses').selectAll().where('vendor_id', 'in', list).execute(),
      db.selectFrom('vendor_tax_infos').selectAll().where('vendor_id', 'in', list).execute(),
      db.selectFrom('vendor_contacts').selectAll().where('vendor_id', 'in', list).orderBy('position').orderBy('id').execute(),
      db.selectFrom('vendor_contact_emails').selectAll().where('vendor_id', 'in', list).orderBy('position').orderBy('id').execute(),
      db
        .selectFrom('vendor_contact_phone_numbers as p')
        .innerJoin('vendor_contacts as c', 'c.id', 'p.vendor_contact_id')
        .selectAll('p')
        .where('c.vendor_id', 'in', list)
        .orderBy('p.position')
        .orderBy('p.id')
        .execute(),
      db
        .selectFrom('vendor_contact_skype_accounts as s')
        .innerJoin('vendor_contacts as c', 'c.id', 's.vendor_contact_id')
        .select(['s.id', 's.vendor_contact_id', 's.login'])
        .where('c.vendor_id', 'in', list)
        .orderBy('s.position')
        .orderBy('s.id')
        .execute(),
      db
        .selectFrom('vendor_contact_facebook_accounts as f')
        .innerJoin('vendor_contacts as c', 'c.id', 'f.vendor_contact_id')
        .select(['f.id', 'f.vendor_contact_id', 'f.profile'])
        .where('c.vendor_id', 'in', list)
        .orderBy('f.position')
        .orderBy('f.id')
        .execute(),
      loadPaymentMethods(db, list),
      db
        .selectFrom('vendor_referenced_vendors')
        .select(['vendor_id', 'referenced_vendor_id'])
        .where('vendor_id', 'in', list)
        .orderBy('referenced_vendor_id')
        .execute(),
      db
        .selectFrom('taggings')
        .innerJoin('tags', 'tags.id', 'taggings.tag_id')
        .select(['taggings.taggable_id as vendor_id', 'tags.id', 'tags.name'])
        .where('taggings.taggable_type', '=', TAGGABLE_TYPE)
        .where('taggings.taggable_id', 'in', list)
        .orderBy('tags.name')
        .execute(),
      db.selectFrom('vendor_documents').selectAll().where('vendor_id', 'in', list).orderBy('id', 'desc').execute(),
      // The payment-method cards show which contracts each method pays.
      db
        .selectFrom('contract_vendors')
        .select(['id', 'vendor_id', 'contract_id', 'vendor_payment_method_id'])
        .where('vendor_id', 'in', list)
        .orderBy('contract_id')
        .orderBy('id')
        .execute(),
    ]);
    const contractVendorsOf = groupBy(contractVendors, 'vendor_id');
    const refOf = await vendorRefs(db, [...new Set(refs.map((r) => r.referenced_vendor_id))]);
    const addressOf = new Map(addresses.map((a) => [a.vendor_id, a]));
    const taxOf = new Map(taxes.map((t) => [t.vendor_id, t]));
    const contactsOf = groupBy(contacts, 'vendor_id');
    const emailsOf = groupBy(emails, 'vendor_contact_id');
    const phonesOf = groupBy(phones, 'vendor_contact_id');
    const skypesOf = groupBy(skypes, 'vendor_contact_id');
    const facebooksOf = groupBy(facebooks, 'vendor_contact_id');
    const refsOf = groupBy(refs, 'vendor_id');
    const tagsOf = groupBy(tags, 'vendor_id');
    const documentsOf = groupBy(documents, 'vendor_id');

    return vendors.map((v): VendorEntity => {
      const address = addressOf.get(v.id);
      const tax = taxOf.get(v.id);
      const cr = v.change_request;
      const readonly = cr !== null;
      return {
        id: v.id,
        number: v.number,
        full_number: v.full_number,
        name: v.name,
        organization_id: v.organization_id,
        organization: { id: v.organization_id, name: v.organization_name, number: v.organization_number },
        type: v.type,
        source: v.source,
        language: v.language as VendorEntity['language'],
        state: v.state,
        readonly,
        inactive: v.inactive,
        deletable: v.state === 'new' && !readonly,
        created_at: v.created_at,
        updated_at: v.updated_at,
        valid_from: v.valid_from,
        account_manager_id: v.account_manager_id,
        minimum_payout: v.minimum_payout,
        account_manager: v.account_manager_id
          ? { id: v.account_manager_id, first_name: v.am_first_name ?? '', last_name: v.am_last_name ?? '', email: v.am_email ?? '' }
          : null,
        address: address ? addressEntity(address) : null,
        tags: (tagsOf.get(v.id) ?? []).map(({ id, name }) => ({ id, name })),
        referenced_vendors: (refsOf.get(v.id) ?? []).flatMap((r) => refOf.get(r.referenced_vendor_id) ?? []),
        documents: (documentsOf.get(v.id) ?? []).map((d) => ({ id: d.id, audit_version: d.audit_version, created_at: d.created_at, url: documentUrl(v.id, d.id) })),
        contract_vendors: (contractVendorsOf.get(v.id) ?? []).map((c) => ({ id: c.id, contract_id: c.contract_id, vendor_payment_method_id: c.vendor_payment_method_id })),
        change_request_changes: cr ? { created_at: new Date(cr.created_at), agreement_status: cr.agreement_status, valid_from: cr.valid_from, changes: cr.changes } : null,
        tax_info: tax ? taxEntity(tax) : null,
        contacts: (contactsOf.get(v.id) ?? []).map((c) => ({
          id: c.id,
          first_name: c.first_name,
          last_name: c.last_name,
          nickname: c.nickname,
          date_of_birth: c.date_of_birth,
          emails: (emailsOf.get(c.id) ?? []).map((e) => ({
            id: e.id,
            email: e.email,
            label: e.label,
            can_access_portal: e.can_access_portal,
            can_sign: e.can_sign,
            portal_user_id: e.portal_user_id,
            is_confirmed: e.is_confirmed,
            confirmation_sent_at: e.confirmation_sent_at,
            portal_confirmation: portalConfirmation(e),
          })),
          phone_numbers: (phonesOf.get(c.id) ?? []).map((p) => ({
            id: p.id,
            country_code: p.country_code,
            number: p.number,
            label: p.label,
            ...phoneParts(p.country_code, p.number),
          })),
          skype_accounts: (skypesOf.get(c.id) ?? []).map(({ id, login }) => ({ id, login })),
          facebook_accounts: (facebooksOf.get(c.id) ?? []).map(({ id, profile }) => ({ id, profile })),
        })),
        payment_methods: (methods.get(v.id) ?? []).map((m) => ({
          ...m,
          contract_vendors: (contractVendorsOf.get(v.id) ?? []).filter((c) => c.vendor_payment_method_id === m.id).map((c) => ({ id: c.id, contract_id: c.contract_id })),
        })),
        youtube_accounts: [],
      };
    });
  });
}

function addressEntity(a: VendorAddress & { vendor_id: number }): VendorAddress {
  const { vendor_id: _v, created_at: _c, updated_at: _u, ...rest } = a as VendorAddress & { vendor_id: number; created_at?: Date; updated_at?: Date };
  return rest;
}

function taxEntity(t: Record<string, unknown>): TaxInfo {
  const { vendor_id: _v, created_at: _c, updated_at: _u, ...rest } = t;
  return rest as unknown as TaxInfo;
}

/** The detailed view contract forms pick vendors with: payment methods and contacts with emails. */
export async function loadDetailed(db: Db, ids: readonly number[]): Promise<VendorDetailed[]> {
  const [refs, methods, contacts] = await Promise.all([
    vendorRefs(db, ids),
    loadPaymentMethods(db, ids),
    byIds(ids, (list) =>
      db
        .selectFrom('vendor_contacts as c')
        .leftJoin('vendor_contact_emails as e', 'e.vendor_contact_id', 'c.id')
        .select(['c.vendor_id', 'c.id', 'c.first_name', 'c.last_name', 'e.id as email_id', 'e.email', 'e.can_sign'])
        .where('c.vendor_id', 'in', list)
        .orderBy('c.position')
        .orderBy('c.id')
        .orderBy('e.position')
        .orderBy('e.id')
        .execute(),
    ),
  ]);
  const orgs = await byIds(ids, (list) => db.selectFrom('vendors').select(['id', 'organization_id']).where('id', 'in', list).execute());
  const orgOf = new Map(orgs.map((o) => [o.id, o.organization_id]));
  return ids.flatMap((id) => {
    const ref = refs.get(id);
    if (!ref) return [];
    const byContact = new Map<number, VendorDetailed['contacts'][number]>();
    for (const c of contacts.filter((c) => c.vendor_id === id)) {
      const entry = byContact.get(c.id) ?? { id: c.id, first_name: c.first_name, last_name: c.last_name, emails: [] };
      if (c.email_id && c.email) entry.emails.push({ id: c.email_id, email: c.email, can_sign: !!c.can_sign });
      byContact.set(c.id, entry);
    }
    return [{ ...ref, organization_id: orgOf.get(id)!, payment_methods: methods.get(id) ?? [], contacts: [...byContact.values()] }];
  });
}
