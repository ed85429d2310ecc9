import { toDecimal } from '../../../shared/money.js';
import { addError, type FieldErrors, hasErrors } from '../../../shared/validation/core.js';
import { type ContractInput, PRO_REPORT_TEMPLATES } from '../../../shared/validation/contracts.js';
import { orNull } from '../../../shared/validation/fields.js';
import { hasAnyRole } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { childRows, saveChildRows } from '../../http/child-rows.js';
import { ValidationFailed } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { WriteContext } from '../../http/resource.js';
import type { UploadRule } from '../../lib/storage.js';
import { type ContractEntity, TAGGABLE_TYPE } from './queries.js';
import { signerContactErrors } from './signers.js';
import { allowedFrom, PRO_TEMPLATE_ROLES, targetState } from './state-machine.js';

export type ContractWrite = ContractInput & { document?: UploadedFile };

/** Contract documents: .pdf or .zip, checked by content (spec 2, section 9). */
export const documentRule = (ctx: AppContext): UploadRule => ({ types: ['application/pdf', 'application/zip'], maxBytes: ctx.config.uploadMaxBytes });
/** The signed copy, and termination documents: .pdf. */
export const pdfRule = (ctx: AppContext): UploadRule => ({ types: ['application/pdf'], maxBytes: ctx.config.uploadMaxBytes });

export const CONTRACT_LISTS = {
  vendors: childRows({ table: 'contract_vendors', parentKey: 'contract_id', field: 'contract_vendors', auditType: 'ContractVendor' }),
  shares: childRows({ table: 'contract_revenue_shares', parentKey: 'contract_id', field: 'revenue_shares', auditType: 'ContractRevenueShare' }),
};

/** The entity as a form payload, so a partial update keeps what it does not name. */
export function entityAsInput(c: ContractEntity): Record<string, unknown> {
  return {
    organization_id: c.organization_id,
    contract_type: c.contract_type,
    currency: c.currency,
    start_date: c.start_date,
    end_date: c.end_date,
    termination_possible_from: c.termination_possible_from,
    termination_period_months: c.termination_period_months,
    credit_note_type: c.credit_note_type,
    report_templates: c.report_templates,
    template_name: c.template_name,
    primary_signer_email: c.primary_signer_email?.email ?? null,
    secondary_signer_email: c.secondary_signer_email?.email ?? null,
    revenue_shares: c.revenue_shares,
    contract_vendors: c.contract_vendors.map((v) => ({
      id: v.id,
      vendor_id: v.vendor_id,
      vendor_payment_method_id: v.vendor_payment_method_id,
      share_percentage: v.share_percentage,
      minimum_payout: v.minimum_payout,
      vendor_contact_email_ids: v.vendor_contact_email_ids,
    })),
    revenue_source_ids: c.revenue_sources.map((s) => s.id),
    tag_ids: c.tags.map((t) => t.id),
  };
}

/**
 * A contract as the payload of a new draft (`/contracts/new?src_id=`): its terms, vendors, sources,
 * shares and tags, without ids, states or documents.
 */
export function copyAsInput(c: ContractEntity): Record<string, unknown> {
  const input = entityAsInput(c);
  return {
    ...input,
    contract_vendors: c.contract_vendors.map(({ vendor_id, vendor_payment_method_id, share_percentage, minimum_payout, vendor_contact_email_ids }) => ({
      vendor_id,
      vendor_payment_method_id,
      share_percentage,
      minimum_payout,
      vendor_contact_email_ids,
    })),
    revenue_shares: c.revenue_shares.map(({ id: _id, ...share }) => share),
  };
}

const dec = (v: string | null | undefined) => (v == null ? null : toDecimal(v).toString());

/**
 * The terms of a contract (DOMAIN.md): once final they change only through amendments. Decimals are
 * compared by value ('100.0000' is '100'), lists as sets where their order means nothing.
 */
function terms(i: Record<string, unknown> & Partial<ContractInput>) {
  return {
    organization_id: i.organization_id,
    contract_type: i.contract_type,
    currency: i.currency,
    start_date: i.start_date,
    end_date: orNull(i.end_date),
    termination_possible_from: orNull(i.termination_possible_from),
    termination_period_months: i.termination_period_months,
    template_name: orNull(i.template_name),
    primary_signer_email: orNull(i.primary_signer_email),
    secondary_signer_email: orNull(i.secondary_signer_email),
    contract_vendors: JSON.stringify(
      (i.contract_vendors ?? [])
        .map((v) => [v.vendor_id, v.vendor_payment_method_id, dec(v.share_percentage), [...v.vendor_contact_email_ids].sort((a, b) => a - b)])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ),
    revenue_shares: JSON.stringify(
      (i.revenue_shares ?? []).map((s) => [s.type, s.formula, dec(s.rev_share), dec(s.baseline), dec(s.fixed_income), dec(s.threshold)]).sort(),
    ),
    revenue_source_ids: JSON.stringify([...(i.revenue_source_ids ?? [])].sort((a, b) => a - b)),
  };
}

/** A final contract's fields other than tags, report templates, credit note type and documents: 422 `read_only` on each changed one. */
export function termChanges(current: ContractEntity, input: ContractInput): FieldErrors {
  const before = terms(entityAsInput(current) as Partial<ContractInput>);
  const after = terms(input);
  const errors: FieldErrors = {};
  for (const key of Object.keys(before) as (keyof typeof before)[]) if (before[key] !== after[key]) addError(errors, [key], 'read_only');
  return errors;
}

/** Rules that need the database or the user: vendors of the organization and active, their methods and emails; pro templates. */
async function contextErrors(w: WriteContext, current: ContractEntity | null, input: ContractWrite): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const stored = new Set(current?.report_templates ?? []);
  if (!hasAnyRole(w.user.roles, PRO_TEMPLATE_ROLES) && input.report_templates.some((t) => PRO_REPORT_TEMPLATES.includes(t) && !stored.has(t))) {
    addError(errors, ['report_templates'], 'admin_only');
  }
  const organization = await w.trx.selectFrom('organizations').select('id').where('id', '=', input.organization_id).executeTakeFirst();
  if (!organization) return addError(errors, ['organization_id'], 'invalid');
  // Signers are the organization's; kept when unchanged, so a later edit of the organization does not block the contract's.
  const signerChanges = {
    primary_signer_email: input.primary_signer_email !== (current?.primary_signer_email?.email ?? null) ? input.primary_signer_email : null,
    secondary_signer_email: input.secondary_signer_email !== (current?.secondary_signer_email?.email ?? null) ? input.secondary_signer_email : null,
  };
  Object.assign(errors, await signerContactErrors(w.trx, input.organization_id, signerChanges));
  const vendorIds = [...new Set(input.contract_vendors.map((v) => v.vendor_id))];
  if (vendorIds.length === 0) return errors;
  const [vendors, methods, emails] = await Promise.all([
    w.trx.selectFrom('vendors').select(['id', 'organization_id', 'inactive']).where('id', 'in', vendorIds).execute(),
    w.trx.selectFrom('vendor_payment_methods').select(['id', 'vendor_id']).where('vendor_id', 'in', vendorIds).execute(),
    w.trx.selectFrom('vendor_contact_emails').select(['id', 'vendor_id']).where('vendor_id', 'in', vendorIds).execute(),
  ]);
  const vendorById = new Map(vendors.map((v) => [v.id, v]));
  const methodOwner = new Map(methods.map((m) => [m.id, m.vendor_id]));
  const emailOwner = new Map(emails.map((e) => [e.id, e.vendor_id]));
  const onContract = new Set(current?.contract_vendors.map((v) => v.vendor_id) ?? []);
  input.contract_vendors.forEach((v, i) => {
    const vendor = vendorById.get(v.vendor_id);
    // An inactive vendor cannot be picked; one already on the contract stays.
    if (!vendor || vendor.organization_id !== input.organization_id || (vendor.inactive && !onContract.has(v.vendor_id))) {
      addError(errors, ['contract_vendors', i, 'vendor_id'], 'invalid');
      return;
    }
    if (methodOwner.get(v.vendor_payment_method_id) !== v.vendor_id) addError(errors, ['contract_vendors', i, 'vendor_payment_method_id'], 'invalid');
    v.vendor_contact_email_ids.forEach((id, j) => {
      if (emailOwner.get(id) !== v.vendor_id) addError(errors, ['contract_vendors', i, 'vendor_contact_email_ids', j], 'invalid');
    });
  });
  return errors;
}

async function addDocument(w: WriteContext, contractId: number, file: UploadedFile, kind: 'uploaded' | 'signed'): Promise<void> {
  await w.trx
    .insertInto('contract_documents')
    .values({ contract_id: contractId, kind, file_key: file.key, filename: file.filename.slice(0, 255), content_type: file.type, digest: file.digest })
    .execute();
}

/** Writes the contract's lists: vendors (with their contact emails), shares, sources and tags. */
async function saveLists(w: WriteContext, id: number, input: ContractWrite): Promise<void> {
  const cvIds = await saveChildRows(
    w,
    CONTRACT_LISTS.vendors,
    id,
    input.contract_vendors.map((v, position) => ({
      id: v.id ?? null,
      values: { vendor_id: v.vendor_id, vendor_payment_method_id: v.vendor_payment_method_id, share_percentage: v.share_percentage, minimum_payout: orNull(v.minimum_payout), position },
    })),
  );
  if (cvIds.length > 0) await w.trx.deleteFrom('contract_vendor_contact_emails').where('contract_vendor_id', 'in', cvIds).execute();
  const links = input.contract_vendors.flatMap((v, i) => [...new Set(v.vendor_contact_email_ids)].map((e) => ({ contract_vendor_id: cvIds[i], vendor_contact_email_id: e })));
  if (links.length > 0) await w.trx.insertInto('contract_vendor_contact_emails').values(links).execute();

  await saveChildRows(
    w,
    CONTRACT_LISTS.shares,
    id,
    input.revenue_shares.map((s) => ({
      id: s.id ?? null,
      values: { type: s.type, formula: s.formula, rev_share: orNull(s.rev_share), baseline: orNull(s.baseline), fixed_income: orNull(s.fixed_income), threshold: orNull(s.threshold) },
    })),
  );

  await w.trx.deleteFrom('contract_revenue_sources').where('contract_id', '=', id).execute();
  const sources = [...new Set(input.revenue_source_ids)];
  if (sources.length > 0) await w.trx.insertInto('contract_revenue_sources').values(sources.map((revenue_source_id) => ({ contract_id: id, revenue_source_id }))).execute();
  await saveTags(w, id, input.tag_ids);
}

async function saveTags(w: WriteContext, id: number, tagIds: readonly number[]): Promise<void> {
  await w.trx.deleteFrom('taggings').where('taggable_type', '=', TAGGABLE_TYPE).where('taggable_id', '=', id).execute();
  const tags = [...new Set(tagIds)];
  if (tags.length > 0) await w.trx.insertInto('taggings').values(tags.map((tag_id) => ({ tag_id, taggable_type: TAGGABLE_TYPE, taggable_id: id }))).execute();
}

const columns = (input: ContractWrite) => ({
  organization_id: input.organization_id,
  contract_type: input.contract_type,
  currency: input.currency,
  start_date: input.start_date,
  end_date: orNull(input.end_date),
  termination_possible_from: orNull(input.termination_possible_from),
  termination_period_months: input.termination_period_months,
  credit_note_type: input.credit_note_type,
  report_templates: input.report_templates,
  template_name: orNull(input.template_name),
  primary_signer_email: orNull(input.primary_signer_email),
  secondary_signer_email: orNull(input.secondary_signer_email),
});

export async function createContract(w: WriteContext, input: ContractWrite): Promise<number> {
  const errors = await contextErrors(w, null, input);
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  const state = input.submit_for_approval ? 'approval_pending' : 'draft';
  const { id } = await w.trx
    .insertInto('contracts')
    .values({ ...columns(input), report_templates: input.report_templates, state })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveLists(w, id, input);
  if (input.document) await addDocument(w, id, input.document, 'uploaded');
  return id;
}

/**
 * An update: editable contracts (draft, rejected) take everything and may be submitted for approval;
 * final ones only tags, report templates, credit note type and documents; others nothing.
 */
export async function updateContract(w: WriteContext, current: ContractEntity, input: ContractWrite): Promise<void> {
  if (!current.state_editable && !current.state_final) throw new ValidationFailed({ base: ['read_only'] });
  if (input.submit_for_approval && !allowedFrom('submit', current.state)) throw new ValidationFailed({ submit_for_approval: ['invalid'] });
  const errors = await contextErrors(w, current, input);
  if (current.state_final) Object.assign(errors, termChanges(current, input));
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  if (current.state_final) {
    await w.trx
      .updateTable('contracts')
      .set({ credit_note_type: input.credit_note_type, report_templates: input.report_templates })
      .where('id', '=', current.id)
      .execute();
    await saveTags(w, current.id, input.tag_ids);
  } else {
    const submitted = input.submit_for_approval ? { state: targetState('submit', current.state), state_comment: null } : {};
    await w.trx
      .updateTable('contracts')
      .set({ ...columns(input), report_templates: input.report_templates, ...submitted })
      .where('id', '=', current.id)
      .execute();
    await saveLists(w, current.id, input);
  }
  if (input.document) await addDocument(w, current.id, input.document, 'uploaded');
}

/** Deletes a draft or rejected contract with its lists and documents (files removed after commit). */
export async function deleteContract(ctx: AppContext, w: WriteContext, current: ContractEntity): Promise<void> {
  if (!current.state_deletable) throw new ValidationFailed({ base: ['ineligible'] });
  const docs = await w.trx.selectFrom('contract_documents').select('file_key').where('contract_id', '=', current.id).execute();
  await w.trx.deleteFrom('taggings').where('taggable_type', '=', TAGGABLE_TYPE).where('taggable_id', '=', current.id).execute();
  await w.trx.deleteFrom('contracts').where('id', '=', current.id).execute();
  for (const d of docs) w.afterCommit(() => ctx.storage.remove(d.file_key));
}

/** The signed copy arrives: signing_pending → signed (DOMAIN.md; no e-signature service). */
export async function signContract(w: WriteContext, current: ContractEntity, document: UploadedFile): Promise<void> {
  await addDocument(w, current.id, document, 'signed');
  await w.trx.updateTable('contracts').set({ state: targetState('sign', current.state), signed_at: new Date() }).where('id', '=', current.id).execute();
}
