import { sql } from 'kysely';
import { addError, type FieldErrors, hasErrors } from '../../../shared/validation/core.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { VendorInput } from '../../../shared/validation/vendors.js';
import type { CurrentUser } from '../../context.js';
import { ValidationFailed } from '../../http/errors.js';
import type { UploadedFile } from '../../http/multipart.js';
import type { WriteContext } from '../../http/resource.js';
import type { VendorEntity } from './queries.js';
import { addDocument, comparable, compareChanges, entityAsInput, saveVendor, type VendorWrite } from './service.js';
import type { StoredChangeRequest } from './tables.js';
import { dateIn, DEFAULT_TIME_ZONE } from '../../../shared/time-zone.js';

/**
 * Saving a vendor (DOMAIN.md "Vendors"): a new vendor is saved as given and is confirmed when an admin
 * saves it with a confirmation document. A confirmed vendor's change to the compared fields (name,
 * type, address, payment methods, tax info) becomes a change request: the other fields are saved, the
 * compared ones wait in the request with their diff, and the vendor is read-only until an admin
 * confirms it with a document or someone cancels it. An admin saving with a document applies at once.
 * A confirmation whose `valid_from` is after today (in the organization's time zone) does not apply at
 * once: the request becomes `confirmed` and waits for that day (scheduled-changes.ts applies it), so
 * the vendor's data, its payments and the month's vendor file stay as they are until then.
 */

const isAdmin = (user: CurrentUser) => user.roles.includes('admin');
const today = () => new Date().toISOString().slice(0, 10);

/** Today where the vendor's organization is (DOMAIN.md "Dates and time zones"). */
async function organizationToday(w: WriteContext, organizationId: number): Promise<string> {
  const org = await w.trx.selectFrom('organizations').select('time_zone').where('id', '=', organizationId).executeTakeFirst();
  return dateIn(org?.time_zone ?? DEFAULT_TIME_ZONE);
}

/** Whether a change valid from `validFrom` must wait for that day instead of applying now. */
async function appliesLater(w: WriteContext, current: VendorEntity, validFrom: string | null | undefined): Promise<boolean> {
  return !!validFrom && validFrom > (await organizationToday(w, current.organization_id));
}

/**
 * Confirms a change that applies on a later day: the document is stored now (zipped with the vendor file
 * of the month the change applies in), the request waits as `confirmed`, the vendor stays read-only.
 */
async function schedule(w: WriteContext, vendorId: number, request: StoredChangeRequest, document: UploadedFile, validFrom: string): Promise<void> {
  await addDocument(w, vendorId, document, validFrom);
  const confirmed: StoredChangeRequest = { ...request, agreement_status: 'confirmed', valid_from: validFrom, confirmed_at: new Date().toISOString(), confirmed_by: w.user.id };
  await w.trx.updateTable('vendors').set({ change_request: JSON.stringify(confirmed) }).where('id', '=', vendorId).execute();
}

/** The fields only admins may set (spec 2, section 6); a refusal names the field. */
export function adminOnlyErrors(user: CurrentUser, current: VendorEntity | null, input: VendorWrite): FieldErrors {
  const errors: FieldErrors = {};
  const admin = isAdmin(user);
  if (current && input.organization_id !== current.organization_id) addError(errors, ['organization_id'], 'invalid');
  // The number is set on creation only, and only by an admin; otherwise it is assigned.
  const number = orNull(input.number);
  if (current && number !== null && number !== current.number) addError(errors, ['number'], 'invalid');
  if (!current && !admin && number !== null) addError(errors, ['number'], 'admin_only');
  if (admin) return errors;
  if (input.source && input.source !== 'network' && input.source !== current?.source) addError(errors, ['source'], 'admin_only');
  input.payment_methods.forEach((m, i) => {
    if (m.type !== 'paypal') return;
    const stored = current?.payment_methods.find((s) => s.id === m.id);
    const same = stored?.type === 'paypal' && stored.email === m.email && stored.account_holder === m.account_holder;
    if (!same) addError(errors, ['payment_methods', i, 'type'], 'admin_only');
  });
  if (input.confirmation_document) addError(errors, ['confirmation_document'], 'admin_only');
  if (current?.state === 'confirmed' && !!current.tax_info?.self_billing_allowed !== !!input.tax_info.self_billing_allowed) {
    addError(errors, ['tax_info', 'self_billing_allowed'], 'admin_only');
  }
  return errors;
}

/** Confirms the vendor: its state, the document, from when it applies. */
async function confirm(w: WriteContext, vendorId: number, document: UploadedFile, validFrom: string | null | undefined): Promise<void> {
  await addDocument(w, vendorId, document);
  await w.trx
    .updateTable('vendors')
    .set({ state: 'confirmed', confirmed_at: sql`coalesce(confirmed_at, now())`, valid_from: validFrom || today(), change_request: null })
    .where('id', '=', vendorId)
    .execute();
}

/** A create: the vendor as given; with an admin's confirmation document it is confirmed at once. */
export async function createVendor(w: WriteContext, input: VendorWrite): Promise<number> {
  const errors = adminOnlyErrors(w.user, null, input);
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  const id = await saveVendor(w, null, input);
  if (input.confirmation_document) await confirm(w, id, input.confirmation_document, input.valid_from);
  return id;
}

/** An update, or the change request it turns into. */
export async function updateVendor(w: WriteContext, current: VendorEntity, input: VendorWrite): Promise<void> {
  if (current.readonly) throw new ValidationFailed({ base: ['read_only'] });
  const errors = adminOnlyErrors(w.user, current, input);
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  const document = input.confirmation_document;
  const stored = entityAsInput(current);
  const changes = compareChanges(comparable(stored), comparable(input));
  const hasChanges = Object.keys(changes).length > 0;
  const later = current.state === 'confirmed' && hasChanges && !!document && (await appliesLater(w, current, input.valid_from));
  if (current.state === 'new' || !hasChanges || (document && !later)) {
    await saveVendor(w, current.id, input);
    if (document) await confirm(w, current.id, document, input.valid_from);
    return;
  }
  if (!input.valid_from) throw new ValidationFailed({ valid_from: ['blank'] });
  // The other fields apply now; the compared ones wait for the confirmation (or, confirmed, for their day).
  await saveVendor(w, current.id, { ...input, name: stored.name, type: stored.type, address: stored.address, tax_info: stored.tax_info, payment_methods: stored.payment_methods });
  const request: StoredChangeRequest = {
    created_at: new Date().toISOString(),
    agreement_status: 'pending',
    valid_from: input.valid_from,
    changes,
    proposed: { name: input.name, type: input.type, address: input.address, tax_info: input.tax_info, payment_methods: input.payment_methods },
    user_id: w.user.id,
  };
  if (later && document) await schedule(w, current.id, request, document, input.valid_from);
  else await w.trx.updateTable('vendors').set({ change_request: JSON.stringify(request) }).where('id', '=', current.id).execute();
}

/** Cancels the pending change request: the vendor stays as it was and is editable again. */
export async function cancelChangeRequest(w: WriteContext, current: VendorEntity): Promise<void> {
  await w.trx.updateTable('vendors').set({ change_request: null }).where('id', '=', current.id).execute();
}

/**
 * Confirms the pending change request with the vendor's signed document: the changes apply from
 * `valid_from`, at once when that day has come, else on that day.
 */
export async function confirmChangeRequest(w: WriteContext, current: VendorEntity, document: UploadedFile, validFrom: string | null): Promise<void> {
  const row = await w.trx.selectFrom('vendors').select('change_request').where('id', '=', current.id).executeTakeFirstOrThrow();
  const request = row.change_request;
  if (request?.agreement_status !== 'pending') throw new ValidationFailed({ base: ['ineligible'] });
  const from = validFrom || request.valid_from;
  if (from && (await appliesLater(w, current, from))) return schedule(w, current.id, request, document, from);
  await applyChange(w, current, request);
  await confirm(w, current.id, document, from);
}

/** Writes a request's proposed name, type, address, tax info and payment methods onto the vendor. */
export async function applyChange(w: WriteContext, current: VendorEntity, request: StoredChangeRequest): Promise<void> {
  const proposed = request.proposed as Pick<VendorInput, 'name' | 'type' | 'address' | 'tax_info' | 'payment_methods'>;
  await saveVendor(w, current.id, { ...entityAsInput(current), ...proposed });
}
