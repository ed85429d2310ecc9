import type { FieldErrors } from '../../../shared/validation/core.js';
import { addError } from '../../../shared/validation/core.js';
import { orNull } from '../../../shared/validation/fields.js';
import { defaultWbsTemplate, type OrganizationInput, WBS_MATRIX } from '../../../shared/validation/organizations.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { type ChildRow, childRows, type ChildValues, saveChildRows } from '../../http/child-rows.js';
import { ValidationFailed } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { WriteContext } from '../../http/resource.js';
import type { UploadRule } from '../../lib/storage.js';
import './tables.js';
import '../session/tables.js';

export type OrganizationWrite = OrganizationInput & { logo?: UploadedFile };

export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const logoRule = (ctx: AppContext): UploadRule => ({ types: LOGO_TYPES, maxBytes: Math.min(2 * 1024 * 1024, ctx.config.uploadMaxBytes) });

/** The organization's five lists, each saved with per-entry audit entries (`saveChildRows`). */
export const ORGANIZATION_LISTS = {
  managing_directors: childRows({ table: 'organization_managing_directors', parentKey: 'organization_id', field: 'managing_directors', auditType: 'OrganizationManagingDirector' }),
  legal_imprints: childRows({ table: 'organization_legal_imprints', parentKey: 'organization_id', field: 'legal_imprints', auditType: 'OrganizationLegalImprint' }),
  signers: childRows({ table: 'organization_signers', parentKey: 'organization_id', field: 'signers', auditType: 'OrganizationSigner' }),
  wbs_codes: childRows({ table: 'organization_wbs_codes', parentKey: 'organization_id', field: 'wbs_codes', auditType: 'OrganizationWbsCode' }),
  debtor_accounts: childRows({ table: 'organization_debtor_accounts', parentKey: 'organization_id', field: 'debtor_accounts', auditType: 'OrganizationDebtorAccount' }),
};

/** Signers are users; each must exist. */
async function checkSigners(trx: Db, input: OrganizationInput): Promise<void> {
  const ids = input.signers.map((s) => s.user_id);
  if (ids.length === 0) return;
  const found = new Set((await trx.selectFrom('users').select('id').where('id', 'in', ids).execute()).map((u) => u.id));
  const errors: FieldErrors = {};
  input.signers.forEach((s, i) => {
    if (!found.has(s.user_id)) addError(errors, ['signers', i, 'user_id'], 'invalid');
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

/**
 * The 15 WBS rows. A row is known by its pair, so stored rows keep their ids whatever ids the input
 * carries; a pair the input lacks keeps its stored template, or starts with the default one.
 */
async function wbsRows(trx: Db, organizationId: number | null, input: OrganizationInput): Promise<ChildRow<Partial<ChildValues<'organization_wbs_codes'>>>[]> {
  const stored = organizationId
    ? await trx
        .selectFrom('organization_wbs_codes')
        .select(['id', 'contract_type', 'revenue_share_type', 'template'])
        .where('organization_id', '=', organizationId)
        .execute()
    : [];
  const key = (w: { contract_type: string; revenue_share_type: string }) => `${w.contract_type}/${w.revenue_share_type}`;
  const storedRows = new Map(stored.map((w) => [key(w), w]));
  const given = new Map(input.wbs_codes.map((w) => [key(w), w]));
  return WBS_MATRIX.map((pair) => {
    const before = storedRows.get(key(pair));
    const template = given.get(key(pair))?.template ?? before?.template ?? defaultWbsTemplate(input.number, pair.contract_type, pair.revenue_share_type);
    return { id: before?.id ?? null, values: { ...pair, template } };
  });
}

function columns(input: OrganizationInput) {
  const type = input.overridden_payment_type;
  return {
    name: input.name,
    number: input.number,
    country_code: input.country_code,
    currency: input.currency,
    city: input.city,
    postal_code: input.postal_code,
    street: input.street,
    street_number: input.street_number,
    color_primary: orNull(input.color_primary),
    color_accent: orNull(input.color_accent),
    overridden_payment_type: type === 'self_billing' || type === 'invoice' ? type : null,
    invoice_emails: input.invoice_emails,
    invoice_cc_emails: input.invoice_cc_emails,
    vendor_change_request_notification_emails: input.vendor_change_request_notification_emails,
    payment_paused_notification_emails: input.payment_paused_notification_emails,
    payment_due_interval_length: orNull(input.payment_due_interval_length),
    payment_due_interval_unit: orNull(input.payment_due_interval_unit),
    minimum_payout: orNull(input.minimum_payout),
    ...(input.four_eyes === undefined ? {} : { four_eyes: input.four_eyes }),
    vendor_source_prefix_external: input.vendor_sources.external,
    vendor_source_prefix_internal: input.vendor_sources.internal,
    vendor_source_prefix_network: input.vendor_sources.network,
  };
}

/** Creates (`id` null) or updates an organization with its five lists and its logo. */
export async function saveOrganization(ctx: AppContext, w: WriteContext, id: number | null, input: OrganizationWrite): Promise<number> {
  const { trx } = w;
  await checkSigners(trx, input);
  const previousLogo = id
    ? (await trx.selectFrom('organizations').select('logo_key').where('id', '=', id).executeTakeFirstOrThrow()).logo_key
    : null;
  // The upload is in storage already; a record that does not commit leaves it to the request's clean-up.
  const logo = input.logo
    ? { logo_key: input.logo.key, logo_content_type: input.logo.type, logo_digest: input.logo.digest }
    : input.remove_logo
      ? { logo_key: null, logo_content_type: null, logo_digest: null }
      : {};
  const values = { ...columns(input), ...logo };
  const orgId = id
    ? (await trx.updateTable('organizations').set(values).where('id', '=', id).returning('id').executeTakeFirstOrThrow()).id
    : (await trx.insertInto('organizations').values(values).returning('id').executeTakeFirstOrThrow()).id;
  if (previousLogo && 'logo_key' in logo) w.afterCommit(() => ctx.storage.remove(previousLogo));

  // Entries keep the order they were given in; a new organization's entries are all new.
  const positioned = <T extends { id?: number | null }, V>(items: T[], values: (item: T) => V) =>
    items.map((item, position) => ({ id: id ? item.id : null, values: { ...values(item), position } }));
  const L = ORGANIZATION_LISTS;
  await saveChildRows(w, L.managing_directors, orgId, positioned(input.managing_directors, (d) => ({ full_name: d.full_name, email: d.email })));
  await saveChildRows(w, L.legal_imprints, orgId, positioned(input.legal_imprints, (l) => ({ locale: l.locale, template: l.template })));
  await saveChildRows(w, L.signers, orgId, positioned(input.signers, (s) => ({ user_id: s.user_id, is_primary: s.is_primary, is_secondary: s.is_secondary })));
  await saveChildRows(w, L.wbs_codes, orgId, await wbsRows(trx, id, input));
  await saveChildRows(
    w,
    L.debtor_accounts,
    orgId,
    positioned(input.debtor_accounts, (a) => ({ currency: a.currency, iban: a.iban, bic: orNull(a.bic), account_holder: a.account_holder })),
  );
  return orgId;
}

/** Deletes an organization (its lists go with it) and, once committed, its logo file. */
export async function deleteOrganization(ctx: AppContext, w: WriteContext, id: number): Promise<void> {
  const row = await w.trx.deleteFrom('organizations').where('id', '=', id).returning('logo_key').executeTakeFirst();
  const key = row?.logo_key;
  if (key) w.afterCommit(() => ctx.storage.remove(key));
}
