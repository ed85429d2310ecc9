import { sql } from 'kysely';
import { addError, type FieldErrors, hasErrors } from '../../../shared/validation/core.js';
import { type AmendmentInput, neighbourDates, validateAmendment } from '../../../shared/validation/amendments.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { notFound, ValidationFailed } from '../../http/errors.js';
import { isUploadedFile, type UploadedFile } from '../../http/multipart.js';
import type { WriteContext } from '../../http/resource.js';
import { valid } from '../../http/resource.js';
import { audit, changedAttributes } from '../audit/audit.js';
import { type AmendmentEntity, loadAmendments } from './amendment-queries.js';
import { emailOf, idsOf } from './payload.js';
import type { ContractEntity } from './queries.js';
import { signerContactErrors } from './signers.js';
import { refuseSourceConflicts } from './source-overlap.js';
import { AMENDMENT_TRANSITIONS, type AmendmentTransition, amendableContract, amendmentAllowedFrom, applyOnReached, todayIso } from './state-machine.js';

export type AmendmentWrite = AmendmentInput & { document?: UploadedFile };

export const AMENDMENT_AUDIT_TYPE = 'ContractAmendment';
/** Entity keys that are not the amendment's own data (flags for the viewer, derived). */
const NOT_AUDITED = ['id', 'created_at', 'updated_at', 'state_editable', 'state_deletable', 'can_submit_for_approval', 'can_approve', 'can_reject', 'can_sign', 'can_cancel', 'can_apply'];
const snapshot = (a: AmendmentEntity) => Object.fromEntries(Object.entries(a).filter(([k]) => !NOT_AUDITED.includes(k)));

/** Locks the contract's amendment `id` (the contract is already locked) and loads it as the viewer sees it; 404 when it is not the contract's. */
export async function lockAmendment(w: WriteContext, contract: ContractEntity, id: number | undefined): Promise<AmendmentEntity> {
  if (id === undefined) throw notFound();
  const row = await w.trx.selectFrom('contract_amendments').select('id').where('id', '=', id).where('contract_id', '=', contract.id).forUpdate().executeTakeFirst();
  if (!row) throw notFound();
  const [amendment] = await loadAmendments(w.trx, { ids: [id] }, w.user);
  return amendment;
}

/** After a write: bumps `lock_version` and audits what changed on the amendment under `action`, if anything did. */
export async function recordAmendment(w: WriteContext, before: AmendmentEntity | null, id: number, action: string): Promise<void> {
  const [after] = await loadAmendments(w.trx, { ids: [id] }, w.user);
  const changes = changedAttributes(before ? snapshot(before) : null, after ? snapshot(after) : null, []);
  if (Object.keys(changes).length === 0) return;
  if (before && after) await sql`UPDATE contract_amendments SET updated_at = now(), lock_version = lock_version + 1 WHERE id = ${id}`.execute(w.trx);
  await audit(w.trx, { action, type: AMENDMENT_AUDIT_TYPE, id, changes, userId: w.user.id });
}

/** The amendment as a form payload, so a partial update keeps what it does not name. */
function entityAsInput(a: AmendmentEntity): Record<string, unknown> {
  return {
    apply_on: a.apply_on,
    primary_signer_email: a.primary_signer_email?.email ?? null,
    secondary_signer_email: a.secondary_signer_email?.email ?? null,
    change_revenue_shares: a.change_revenue_shares,
    change_revenue_sources: a.change_revenue_sources,
    revenue_shares: a.revenue_shares,
    revenue_source_ids: a.revenue_sources.map((s) => s.id),
    amendment_vendors: a.amendment_vendors.map((v) => ({ id: v.id, vendor_id: v.vendor_id, vendor_payment_method_id: v.vendor_payment_method_id })),
  };
}

/**
 * Validates a create (`current` null) or update payload against the locked contract: apply_on between
 * its neighbours (by number) and not in the past, shares and sources that differ from the contract's.
 */
export function parseAmendment(body: Record<string, unknown>, contract: ContractEntity, current: AmendmentEntity | null): AmendmentWrite {
  const document = isUploadedFile(body.document) ? body.document : undefined;
  const { lock_version: _version, ...fields } = body;
  const merged = { ...(current ? entityAsInput(current) : {}), ...fields };
  const payload = {
    ...merged,
    revenue_source_ids: merged.revenue_source_ids ?? idsOf(merged.revenue_sources),
    primary_signer_email: emailOf(merged.primary_signer_email),
    secondary_signer_email: emailOf(merged.secondary_signer_email),
  };
  const input = valid(
    validateAmendment(payload, {
      today: todayIso(),
      ...neighbourDates(contract.amendments, current),
      hasDocument: Boolean(document) || Boolean(current?.document_url),
      contract: {
        revenue_shares: contract.revenue_shares as unknown as Record<string, unknown>[],
        revenue_source_ids: contract.revenue_sources.map((s) => s.id),
        contract_vendors: contract.contract_vendors,
      },
    }),
  );
  return { ...input, document };
}

/** Rules that need the database: the vendors' payment methods, the sources, the signers (the organization's). */
async function contextErrors(w: WriteContext, contract: ContractEntity, input: AmendmentWrite): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const vendorIds = [...new Set(input.amendment_vendors.map((v) => v.vendor_id))];
  const methods = vendorIds.length
    ? await w.trx.selectFrom('vendor_payment_methods').select(['id', 'vendor_id']).where('vendor_id', 'in', vendorIds).execute()
    : [];
  const owner = new Map(methods.map((m) => [m.id, m.vendor_id]));
  input.amendment_vendors.forEach((v, i) => {
    if (owner.get(v.vendor_payment_method_id) !== v.vendor_id) addError(errors, ['amendment_vendors', i, 'vendor_payment_method_id'], 'invalid');
  });
  if (input.revenue_source_ids.length > 0) {
    const found = new Set((await w.trx.selectFrom('revenue_sources').select('id').where('id', 'in', input.revenue_source_ids).execute()).map((r) => r.id));
    input.revenue_source_ids.forEach((id, i) => {
      if (!found.has(id)) addError(errors, ['revenue_source_ids', i], 'invalid');
    });
  }
  Object.assign(errors, await signerContactErrors(w.trx, contract.organization_id, input));
  return errors;
}

/** Replaces the amendment's lists, set-wise (they are small and owned; the amendment's audit entry names the change). */
async function saveLists(trx: Db, id: number, input: AmendmentWrite): Promise<void> {
  await trx.deleteFrom('contract_amendment_vendors').where('contract_amendment_id', '=', id).execute();
  await trx.deleteFrom('contract_amendment_revenue_shares').where('contract_amendment_id', '=', id).execute();
  await trx.deleteFrom('contract_amendment_revenue_sources').where('contract_amendment_id', '=', id).execute();
  if (input.amendment_vendors.length > 0) {
    await trx
      .insertInto('contract_amendment_vendors')
      .values(input.amendment_vendors.map((v) => ({ contract_amendment_id: id, vendor_id: v.vendor_id, vendor_payment_method_id: v.vendor_payment_method_id })))
      .execute();
  }
  if (input.revenue_shares.length > 0) {
    await trx
      .insertInto('contract_amendment_revenue_shares')
      .values(
        input.revenue_shares.map((s) => ({
          contract_amendment_id: id,
          type: s.type,
          formula: s.formula,
          rev_share: orNull(s.rev_share),
          baseline: orNull(s.baseline),
          fixed_income: orNull(s.fixed_income),
          threshold: orNull(s.threshold),
        })),
      )
      .execute();
  }
  if (input.revenue_source_ids.length > 0) {
    await trx
      .insertInto('contract_amendment_revenue_sources')
      .values(input.revenue_source_ids.map((revenue_source_id) => ({ contract_amendment_id: id, revenue_source_id })))
      .execute();
  }
}

export async function addAmendmentDocument(trx: Db, contractId: number, amendmentId: number, file: UploadedFile, kind: 'uploaded' | 'signed'): Promise<void> {
  await trx
    .insertInto('contract_documents')
    .values({ contract_id: contractId, contract_amendment_id: amendmentId, kind, file_key: file.key, filename: file.filename.slice(0, 255), content_type: file.type, digest: file.digest })
    .execute();
}

const columns = (input: AmendmentWrite) => ({
  apply_on: input.apply_on,
  primary_signer_email: orNull(input.primary_signer_email),
  secondary_signer_email: orNull(input.secondary_signer_email),
  change_revenue_shares: input.change_revenue_shares,
  change_revenue_sources: input.change_revenue_sources,
});

/** A new amendment of a final contract, numbered after the contract's last one (the contract is locked). */
export async function createAmendment(w: WriteContext, contract: ContractEntity, input: AmendmentWrite): Promise<number> {
  if (!amendableContract(contract.state)) throw new ValidationFailed({ base: ['ineligible'] });
  const errors = await contextErrors(w, contract, input);
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  const { id } = await w.trx
    .insertInto('contract_amendments')
    .values({
      contract_id: contract.id,
      number: sql<number>`(SELECT coalesce(max(number), 0) + 1 FROM contract_amendments WHERE contract_id = ${contract.id})`,
      state: input.submit_for_approval ? AMENDMENT_TRANSITIONS.submit.to : 'draft',
      ...columns(input),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await saveLists(w.trx, id, input);
  if (input.document) await addAmendmentDocument(w.trx, contract.id, id, input.document, 'uploaded');
  return id;
}

/** An update of a draft or rejected amendment, which may submit it for approval. */
export async function updateAmendment(w: WriteContext, contract: ContractEntity, current: AmendmentEntity, input: AmendmentWrite): Promise<void> {
  if (!current.state_editable) throw new ValidationFailed({ base: ['read_only'] });
  const errors = await contextErrors(w, contract, input);
  if (hasErrors(errors)) throw new ValidationFailed(errors);
  const submitted = input.submit_for_approval ? { state: AMENDMENT_TRANSITIONS.submit.to, state_comment: null } : {};
  await w.trx.updateTable('contract_amendments').set({ ...columns(input), ...submitted }).where('id', '=', current.id).execute();
  await saveLists(w.trx, current.id, input);
  if (input.document) await addAmendmentDocument(w.trx, contract.id, current.id, input.document, 'uploaded');
}

/** Deletes a draft or rejected amendment with its documents (files removed after commit). */
export async function deleteAmendment(ctx: AppContext, w: WriteContext, current: AmendmentEntity): Promise<void> {
  if (!current.state_deletable) throw new ValidationFailed({ base: ['ineligible'] });
  const docs = await w.trx.selectFrom('contract_documents').select('file_key').where('contract_amendment_id', '=', current.id).execute();
  await w.trx.deleteFrom('contract_amendments').where('id', '=', current.id).execute();
  for (const d of docs) w.afterCommit(() => ctx.storage.remove(d.file_key));
}

/** A transition that only moves the state (approve, reject, sign, cancel): refused from any other state. */
export async function moveAmendment(w: WriteContext, current: AmendmentEntity, transition: AmendmentTransition, comment: string | null = null): Promise<void> {
  if (!amendmentAllowedFrom(transition, current.state)) throw new ValidationFailed({ base: ['ineligible'] });
  await w.trx.updateTable('contract_amendments').set({ state: AMENDMENT_TRANSITIONS[transition].to, state_comment: comment }).where('id', '=', current.id).execute();
}

/**
 * Keeps the terms the amendment is about to replace, ending on its apply_on (migration 0027): the runs of
 * the months before it still use them. Set-based, in the apply's transaction, before the terms change.
 */
async function keepReplacedTerms(trx: Db, contractId: number, current: AmendmentEntity): Promise<void> {
  if (current.change_revenue_shares) {
    await sql`
      INSERT INTO contract_replaced_revenue_shares (contract_amendment_id, contract_id, ended_on, share_id, type, formula, rev_share, baseline, fixed_income, threshold)
      SELECT ${current.id}, contract_id, ${current.apply_on}::date, id, type, formula, rev_share, baseline, fixed_income, threshold
      FROM contract_revenue_shares WHERE contract_id = ${contractId}`.execute(trx);
  }
  if (current.change_revenue_sources) {
    await sql`
      INSERT INTO contract_replaced_revenue_sources (contract_amendment_id, contract_id, ended_on, revenue_source_id)
      SELECT ${current.id}, contract_id, ${current.apply_on}::date, revenue_source_id FROM contract_revenue_sources WHERE contract_id = ${contractId}`.execute(trx);
  }
  await sql`
    INSERT INTO contract_replaced_payment_methods (contract_amendment_id, contract_vendor_id, ended_on, vendor_payment_method_id)
    SELECT ${current.id}, cv.id, ${current.apply_on}::date, cv.vendor_payment_method_id
    FROM contract_vendors cv JOIN contract_amendment_vendors av ON av.vendor_id = cv.vendor_id
    WHERE av.contract_amendment_id = ${current.id} AND cv.contract_id = ${contractId}
      AND av.vendor_payment_method_id IS NOT NULL AND cv.vendor_payment_method_id IS DISTINCT FROM av.vendor_payment_method_id`.execute(trx);
}

/**
 * Applies a signed amendment whose day has come: its shares and sources (when it changes them) replace
 * the contract's, its vendors' payment methods are set on the contract vendors, all in the caller's
 * transaction and set-based, the replaced terms kept for the months before; the amendment becomes `applied`.
 */
export async function applyAmendment(w: WriteContext, contract: ContractEntity, current: AmendmentEntity): Promise<void> {
  if (!amendmentAllowedFrom('apply', current.state) || !amendableContract(contract.state)) throw new ValidationFailed({ base: ['ineligible'] });
  if (!applyOnReached(current.apply_on)) throw new ValidationFailed({ apply_on: ['in_future'] });
  const { trx } = w;
  // The new sources may not be on another contract for a day from apply_on to the contract's end (DOMAIN "Allocation").
  if (current.change_revenue_sources && current.apply_on) {
    const from = current.apply_on > (contract.active_from ?? contract.start_date) ? current.apply_on : (contract.active_from ?? contract.start_date);
    await refuseSourceConflicts(trx, contract.id, current.revenue_sources.map((s) => s.id), from, contract.active_to ?? contract.end_date);
  }
  await keepReplacedTerms(trx, contract.id, current);
  if (current.change_revenue_shares) {
    await trx.deleteFrom('contract_revenue_shares').where('contract_id', '=', contract.id).execute();
    await sql`
      INSERT INTO contract_revenue_shares (contract_id, type, formula, rev_share, baseline, fixed_income, threshold)
      SELECT ${contract.id}, type, formula, rev_share, baseline, fixed_income, threshold
      FROM contract_amendment_revenue_shares WHERE contract_amendment_id = ${current.id} ORDER BY id`.execute(trx);
  }
  if (current.change_revenue_sources) {
    await trx.deleteFrom('contract_revenue_sources').where('contract_id', '=', contract.id).execute();
    await sql`
      INSERT INTO contract_revenue_sources (contract_id, revenue_source_id)
      SELECT ${contract.id}, revenue_source_id FROM contract_amendment_revenue_sources WHERE contract_amendment_id = ${current.id}`.execute(trx);
  }
  await sql`
    UPDATE contract_vendors cv SET vendor_payment_method_id = av.vendor_payment_method_id, updated_at = now()
    FROM contract_amendment_vendors av
    WHERE av.contract_amendment_id = ${current.id} AND cv.contract_id = ${contract.id} AND cv.vendor_id = av.vendor_id
      AND av.vendor_payment_method_id IS NOT NULL AND cv.vendor_payment_method_id IS DISTINCT FROM av.vendor_payment_method_id`.execute(trx);
  await trx
    .updateTable('contract_amendments')
    .set({ state: AMENDMENT_TRANSITIONS.apply.to, applied_at: new Date() })
    .where('id', '=', current.id)
    .execute();
}
