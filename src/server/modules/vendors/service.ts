import { sql } from 'kysely';
import { toDecimal } from '../../../shared/money.js';
import { addError, type FieldErrors, hasErrors } from '../../../shared/validation/core.js';
import { orNull } from '../../../shared/validation/fields.js';
import { type PaymentMethodInput, taxFieldsFor, type VendorInput } from '../../../shared/validation/vendors.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { childRows, saveChildRows } from '../../http/child-rows.js';
import { ValidationFailed } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { WriteContext } from '../../http/resource.js';
import type { UploadRule } from '../../lib/storage.js';
import { audit } from '../audit/audit.js';
import { portalAccess } from './portal-hooks.js';
import { TAGGABLE_TYPE, type VendorEntity } from './queries.js';
import './tables.js';

/** The vendor's payload as the write path gets it: the validated fields and the uploaded document. */
export type VendorWrite = VendorInput & { confirmation_document?: UploadedFile };

export const documentRule = (ctx: AppContext): UploadRule => ({ types: ['application/pdf'], maxBytes: ctx.config.uploadMaxBytes });

/** The vendor's lists, each saved with per-entry audit entries (`saveChildRows`). */
export const VENDOR_LISTS = {
  contacts: childRows({ table: 'vendor_contacts', parentKey: 'vendor_id', field: 'contacts', auditType: 'VendorContact' }),
  emails: childRows({ table: 'vendor_contact_emails', parentKey: 'vendor_contact_id', field: 'emails', auditType: 'VendorContactEmail' }),
  phone_numbers: childRows({ table: 'vendor_contact_phone_numbers', parentKey: 'vendor_contact_id', field: 'phone_numbers', auditType: 'VendorContactPhoneNumber' }),
  skype_accounts: childRows({ table: 'vendor_contact_skype_accounts', parentKey: 'vendor_contact_id', field: 'skype_accounts', auditType: 'VendorContactSkypeAccount' }),
  facebook_accounts: childRows({ table: 'vendor_contact_facebook_accounts', parentKey: 'vendor_contact_id', field: 'facebook_accounts', auditType: 'VendorContactFacebookAccount' }),
  payment_methods: childRows({ table: 'vendor_payment_methods', parentKey: 'vendor_id', field: 'payment_methods', auditType: 'VendorPaymentMethod' }),
};

const ADDRESS_FIELDS = ['country_code', 'postal_code', 'state', 'city', 'street', 'street_number', 'floor', 'apartment', 'post_box', 'care_of'] as const;
const TAX_TEXT_FIELDS = [
  'eu_tax_id', 'de_regional_tax_number', 'de_country_tax_number', 'de_tax_number_region', 'nl_kvk', 'es_cif', 'es_nif', 'it_iva',
  'it_fiscal_code', 'it_wht_reason', 'it_regime', 'fr_tva', 'fr_siret', 'other_tax_id', 'legal_form',
] as const;

/** The address as stored: empty parts are null. */
export function addressValues(address: Partial<Record<(typeof ADDRESS_FIELDS)[number], string | null | undefined>> | null | undefined) {
  return Object.fromEntries(ADDRESS_FIELDS.map((f) => [f, orNull(address?.[f]) ?? null])) as Record<(typeof ADDRESS_FIELDS)[number], string | null>;
}

/**
 * Tax info as stored: only the fields shown for the vendor's country and type (a country change cannot
 * leave another country's ids behind); a person is always personally liable (spec 2, section 4).
 */
export function taxValues(tax: Partial<VendorInput['tax_info']> | null | undefined, country: string | null, type: string) {
  const shown = new Set(taxFieldsFor(country, type));
  const keep = <T>(field: string, value: T) => (shown.has(field) ? value : null);
  const text = Object.fromEntries(TAX_TEXT_FIELDS.map((f) => [f, f === 'legal_form' ? orNull(tax?.[f]) : keep(f, orNull(tax?.[f]) ?? null)])) as Record<
    (typeof TAX_TEXT_FIELDS)[number],
    string | null
  >;
  return {
    ...text,
    vat_percentage: orNull(tax?.vat_percentage) ?? null,
    withholding_tax_percentage: (shown.has('withholding_tax_percentage') ? orNull(tax?.withholding_tax_percentage) : null) ?? '0',
    self_billing_allowed: !!tax?.self_billing_allowed,
    is_natural_person: type === 'company' ? !!tax?.is_natural_person : false,
    is_personally_liable: type === 'person' ? true : (tax?.is_personally_liable ?? null),
  };
}

/** A payment method's columns: only those of its type, the others null. */
export function methodValues(m: PaymentMethodInput) {
  const none = { account_holder: null, is_sepa: false, iban: null, bic: null, account_number: null, bank_id: null, sap_partner_type: null, email: null, source_payment_method_id: null };
  switch (m.type) {
    case 'bank':
      return {
        ...none,
        type: m.type,
        account_holder: orNull(m.account_holder),
        is_sepa: m.is_sepa,
        iban: m.is_sepa ? orNull(m.iban) : null,
        bic: m.is_sepa ? orNull(m.bic) : null,
        account_number: m.is_sepa ? null : orNull(m.account_number),
        bank_id: m.is_sepa ? null : orNull(m.bank_id),
        sap_partner_type: orNull(m.sap_partner_type),
      };
    case 'paypal':
      return { ...none, type: m.type, account_holder: orNull(m.account_holder), email: orNull(m.email) };
    case 'alternative_payee':
      return { ...none, type: m.type, source_payment_method_id: orNull(m.source_payment_method_id) };
    default:
      return { ...none, type: m.type };
  }
}

/** Percentages compare by value (`19` equals `19.0000`). */
const numeric = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : toDecimal(v).toString());

/**
 * The compared fields of a change request (spec 2, section 4): name, type, address, payment methods
 * (without the contract assignment and the SAP partner type) and tax info with numeric percentages.
 * Both sides go through the same normalisation as a write, so only real changes count.
 */
export function comparable(v: {
  name: string;
  type: string;
  address: Parameters<typeof addressValues>[0];
  tax_info: Parameters<typeof taxValues>[0];
  payment_methods: readonly PaymentMethodInput[];
}) {
  const address = addressValues(v.address);
  const tax = taxValues(v.tax_info, address.country_code, v.type);
  return {
    name: v.name.trim(),
    type: v.type,
    address,
    tax_info: { ...tax, vat_percentage: numeric(tax.vat_percentage), withholding_tax_percentage: numeric(tax.withholding_tax_percentage) },
    payment_methods: v.payment_methods.map((m) => {
      const { sap_partner_type: _s, ...rest } = methodValues(m);
      return rest;
    }),
  };
}

/** The compared fields that differ, as `{field: [before, after]}` (objects: only their changed keys). */
export function compareChanges(before: ReturnType<typeof comparable>, after: ReturnType<typeof comparable>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(before) as (keyof typeof before)[]) {
    const a = before[key];
    const b = after[key];
    if (JSON.stringify(a) === JSON.stringify(b)) continue;
    if (key === 'address' || key === 'tax_info') {
      const aa = a as Record<string, unknown>;
      const bb = b as Record<string, unknown>;
      const keys = Object.keys(bb).filter((k) => JSON.stringify(aa[k]) !== JSON.stringify(bb[k]));
      out[key] = [Object.fromEntries(keys.map((k) => [k, aa[k]])), Object.fromEntries(keys.map((k) => [k, bb[k]]))];
    } else {
      out[key] = [a, b];
    }
  }
  return out;
}

/** The entity's values as a payload, for merging a partial update and for comparing. */
export function entityAsInput(v: VendorEntity): VendorInput {
  return {
    organization_id: v.organization_id,
    number: v.number,
    name: v.name,
    type: v.type,
    source: v.source,
    language: v.language,
    account_manager_id: v.account_manager_id,
    minimum_payout: v.minimum_payout,
    valid_from: v.valid_from,
    create_change_request: false,
    tag_ids: v.tags.map((t) => t.id),
    referenced_vendor_ids: v.referenced_vendors.map((r) => r.id),
    address: { id: v.address?.id ?? null, ...addressValues(v.address) },
    tax_info: { id: v.tax_info?.id ?? null, ...(v.tax_info ?? {}) } as VendorInput['tax_info'],
    contacts: v.contacts.map((c) => ({
      ...c,
      emails: c.emails.map(({ id, email, label, can_access_portal, can_sign }) => ({ id, email, label, can_access_portal, can_sign })),
      phone_numbers: c.phone_numbers.map(({ id, country_code, number, label }) => ({ id, country_code, number, label })),
    })),
    payment_methods: v.payment_methods.map((m) => ({
      id: m.id,
      type: m.type,
      account_holder: 'account_holder' in m ? m.account_holder : null,
      is_sepa: m.type === 'bank' ? m.is_sepa : false,
      iban: m.type === 'bank' ? m.iban : null,
      bic: m.type === 'bank' ? m.bic : null,
      account_number: m.type === 'bank' ? m.account_number : null,
      bank_id: m.type === 'bank' ? m.bank_id : null,
      sap_partner_type: m.type === 'bank' ? m.sap_partner_type : null,
      email: m.type === 'paypal' ? m.email : null,
      source_payment_method_id: m.type === 'alternative_payee' ? m.source_payment_method_id : null,
      assign_to_contracts: false,
      assign_contract_vendor_ids: [],
    })),
  };
}

/** References the payload names must exist: tags, referenced vendors, banks, and payees' bank methods of other vendors. */
async function checkReferences(trx: Db, vendorId: number | null, input: VendorInput): Promise<void> {
  const errors: FieldErrors = {};
  const ids = <T>(values: (T | null | undefined)[]) => [...new Set(values.filter((v): v is T => v !== null && v !== undefined))];
  const tagIds = ids(input.tag_ids);
  const refIds = ids(input.referenced_vendor_ids);
  const bankIds = ids(input.payment_methods.map((m) => (m.type === 'bank' && !m.is_sepa ? (m.bank_id ?? null) : null)));
  const sourceIds = ids(input.payment_methods.map((m) => (m.type === 'alternative_payee' ? (m.source_payment_method_id ?? null) : null)));
  const [tags, refs, banks, sources, users] = await Promise.all([
    tagIds.length ? trx.selectFrom('tags').select('id').where('id', 'in', tagIds).execute() : [],
    refIds.length ? trx.selectFrom('vendors').select('id').where('id', 'in', refIds).execute() : [],
    bankIds.length ? trx.selectFrom('banks').select('id').where('id', 'in', bankIds).execute() : [],
    sourceIds.length ? trx.selectFrom('vendor_payment_methods').select(['id', 'vendor_id', 'type']).where('id', 'in', sourceIds).execute() : [],
    input.account_manager_id ? trx.selectFrom('users').select('id').where('id', '=', input.account_manager_id).execute() : [],
  ]);
  const has = (rows: { id: number }[], id: number) => rows.some((r) => r.id === id);
  input.tag_ids.forEach((id, i) => !has(tags, id) && addError(errors, ['tag_ids', i], 'invalid'));
  input.referenced_vendor_ids.forEach((id, i) => (!has(refs, id) || id === vendorId) && addError(errors, ['referenced_vendor_ids', i], 'invalid'));
  if (input.account_manager_id && users.length === 0) addError(errors, ['account_manager_id'], 'invalid');
  input.payment_methods.forEach((m, i) => {
    if (m.type === 'bank' && !m.is_sepa && m.bank_id && !has(banks, m.bank_id)) addError(errors, ['payment_methods', i, 'bank_id'], 'invalid');
    if (m.type === 'alternative_payee' && m.source_payment_method_id) {
      const source = sources.find((s) => s.id === m.source_payment_method_id);
      // The payee is another vendor's bank account (spec 2, "Payment-methods tab").
      if (!source || source.type !== 'bank' || source.vendor_id === vendorId) addError(errors, ['payment_methods', i, 'source_payment_method_id'], 'invalid');
    }
  });
  if (hasErrors(errors)) throw new ValidationFailed(errors);
}

/** The next number of the organization's vendors; one at a time per organization (advisory lock until commit). */
async function nextNumber(trx: Db, organizationId: number): Promise<number> {
  await sql`SELECT pg_advisory_xact_lock(hashtext('remit:vendor-number'), ${organizationId}::int)`.execute(trx);
  const row = await trx.selectFrom('vendors').select(sql<number>`coalesce(max(number), 0) + 1`.as('n')).where('organization_id', '=', organizationId).executeTakeFirstOrThrow();
  return row.n;
}

/** Skype and facebook entries are free text and de-duplicated (spec 2, "Contacts tab"). */
const distinct = <T>(items: T[], key: (item: T) => string) => items.filter((item, i) => items.findIndex((x) => key(x) === key(item)) === i);

/**
 * Creates (`id` null) or updates a vendor with its address, tax info, lists, tags and referenced vendors.
 * `state` fields (state, inactive, change request) are the caller's.
 */
export async function saveVendor(w: WriteContext, id: number | null, input: VendorInput): Promise<number> {
  const { trx } = w;
  await checkReferences(trx, id, input);
  const columns = {
    name: input.name,
    type: input.type,
    source: input.source || 'network',
    language: input.language || 'en',
    account_manager_id: orNull(input.account_manager_id),
    minimum_payout: orNull(input.minimum_payout),
    organization_id: input.organization_id,
  };
  let vendorId: number;
  if (id === null) {
    const number = orNull(input.number) ?? (await nextNumber(trx, input.organization_id));
    vendorId = (await trx.insertInto('vendors').values({ ...columns, number }).returning('id').executeTakeFirstOrThrow()).id;
  } else {
    vendorId = id;
    await trx.updateTable('vendors').set(columns).where('id', '=', id).execute();
  }

  const address = addressValues(input.address);
  await trx
    .insertInto('vendor_addresses')
    .values({ vendor_id: vendorId, ...address })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet({ ...address, updated_at: sql`now()` }))
    .execute();
  const tax = taxValues(input.tax_info, address.country_code, input.type);
  await trx
    .insertInto('vendor_tax_infos')
    .values({ vendor_id: vendorId, ...tax })
    .onConflict((oc) => oc.column('vendor_id').doUpdateSet({ ...tax, updated_at: sql`now()` }))
    .execute();

  // Entries keep the order they were given in; a new vendor's entries are all new.
  const own = <T extends { id?: number | null }>(item: T) => (id ? (item.id ?? null) : null);
  const L = VENDOR_LISTS;
  const contactIds = await saveChildRows(
    w,
    L.contacts,
    vendorId,
    input.contacts.map((c, position) => ({
      id: own(c),
      values: { first_name: c.first_name, last_name: c.last_name, nickname: orNull(c.nickname), date_of_birth: orNull(c.date_of_birth), position },
    })),
  );
  for (const [i, c] of input.contacts.entries()) {
    const contactId = contactIds[i];
    const mine = <T extends { id?: number | null }>(item: T) => (own(c) ? (item.id ?? null) : null);
    await saveChildRows(
      w,
      L.emails,
      contactId,
      c.emails.map((e, position) => ({
        id: mine(e),
        values: { vendor_id: vendorId, email: e.email, label: orNull(e.label), can_access_portal: e.can_access_portal, can_sign: e.can_sign, position },
      })),
    );
    await saveChildRows(
      w,
      L.phone_numbers,
      contactId,
      c.phone_numbers.map((p, position) => ({ id: mine(p), values: { country_code: p.country_code, number: p.number, label: orNull(p.label), position } })),
    );
    await saveChildRows(
      w,
      L.skype_accounts,
      contactId,
      distinct(c.skype_accounts, (s) => s.login).map((s, position) => ({ id: mine(s), values: { login: s.login, position } })),
    );
    await saveChildRows(
      w,
      L.facebook_accounts,
      contactId,
      distinct(c.facebook_accounts, (f) => f.profile).map((f, position) => ({ id: mine(f), values: { profile: f.profile, position } })),
    );
  }
  await savePaymentMethods(w, vendorId, id === null, input.payment_methods);
  await portalAccess.afterSave(w, vendorId);

  await trx.deleteFrom('vendor_referenced_vendors').where('vendor_id', '=', vendorId).execute();
  const refs = [...new Set(input.referenced_vendor_ids)];
  if (refs.length) await trx.insertInto('vendor_referenced_vendors').values(refs.map((r) => ({ vendor_id: vendorId, referenced_vendor_id: r }))).execute();
  await trx.deleteFrom('taggings').where('taggable_type', '=', TAGGABLE_TYPE).where('taggable_id', '=', vendorId).execute();
  const tags = [...new Set(input.tag_ids)];
  if (tags.length) await trx.insertInto('taggings').values(tags.map((tag_id) => ({ tag_id, taggable_type: TAGGABLE_TYPE, taggable_id: vendorId }))).execute();
  return vendorId;
}

export async function savePaymentMethods(w: WriteContext, vendorId: number, creating: boolean, methods: readonly PaymentMethodInput[]): Promise<void> {
  const ids = await saveChildRows(
    w,
    VENDOR_LISTS.payment_methods,
    vendorId,
    methods.map((m, position) => ({ id: creating ? null : (m.id ?? null), values: { ...methodValues(m), position } })),
  );
  await assignToContracts(w, vendorId, ids, methods);
}

/**
 * The form's "assign to contracts" (spec 2, 2 "Payment-methods tab"): each method takes the contract
 * vendors it names, in one UPDATE. Only this vendor's rows, each named once, and none that another
 * stored method pays (the form disables those; apply_to_contracts moves them on purpose). Runs after the
 * methods are saved, so a removed method's rows are free again (ON DELETE SET NULL).
 */
async function assignToContracts(w: WriteContext, vendorId: number, methodIds: readonly number[], methods: readonly PaymentMethodInput[]): Promise<void> {
  const wanted = methods.flatMap((m, i) => (m.assign_to_contracts ? [...new Set(m.assign_contract_vendor_ids)].map((cv) => ({ cv, i, method: methodIds[i] })) : []));
  if (wanted.length === 0) return;
  const rows = await w.trx
    .selectFrom('contract_vendors')
    .select(['id', 'vendor_payment_method_id'])
    .where('vendor_id', '=', vendorId)
    .where('id', 'in', wanted.map((x) => x.cv))
    .forUpdate()
    .execute();
  const current = new Map(rows.map((r) => [r.id, r.vendor_payment_method_id]));
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  for (const { cv, i, method } of wanted) {
    const at = ['payment_methods', i, 'assign_contract_vendor_ids'];
    const linked = current.get(cv);
    if (linked === undefined) addError(errors, at, 'invalid');
    else if (seen.has(cv) || (linked !== null && linked !== method)) addError(errors, at, 'already_used');
    seen.add(cv);
  }
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
  const moved = wanted.filter((x) => current.get(x.cv) !== x.method);
  if (moved.length === 0) return;
  await sql`
    UPDATE contract_vendors cv SET vendor_payment_method_id = x.method, updated_at = now()
    FROM unnest(${moved.map((x) => x.cv)}::bigint[], ${moved.map((x) => x.method)}::bigint[]) AS x(id, method)
    WHERE cv.id = x.id`.execute(w.trx);
  const changes = Object.fromEntries(moved.map((x) => [`contract_vendors.${x.cv}.vendor_payment_method_id`, [current.get(x.cv) ?? null, x.method]]));
  await audit(w.trx, { action: 'apply_to_contracts', type: 'Vendor', id: vendorId, changes, userId: w.user.id });
}

/** Deletes a vendor (its rows go with it), its tags and, once committed, its documents' files. */
export async function deleteVendor(ctx: AppContext, w: WriteContext, id: number): Promise<void> {
  const docs = await w.trx.selectFrom('vendor_documents').select('file_key').where('vendor_id', '=', id).execute();
  await w.trx.deleteFrom('taggings').where('taggable_type', '=', TAGGABLE_TYPE).where('taggable_id', '=', id).execute();
  await w.trx.deleteFrom('vendors').where('id', '=', id).execute();
  for (const d of docs) w.afterCommit(() => ctx.storage.remove(d.file_key));
}

/** Stores a confirmation document for the vendor at its next audit version. */
export async function addDocument(w: WriteContext, vendorId: number, file: UploadedFile, validFrom: string | null = null): Promise<void> {
  const row = await sql<{ v: number }>`
    SELECT coalesce(max(version), 0) + 1 AS v FROM audit_logs WHERE auditable_type = 'Vendor' AND auditable_id = ${vendorId}`.execute(w.trx);
  await w.trx
    .insertInto('vendor_documents')
    .values({ vendor_id: vendorId, file_key: file.key, content_type: file.type, digest: file.digest, audit_version: row.rows[0].v, valid_from: validFrom })
    .execute();
}
