import { hasListAdder, requestListAdd } from '../src/client/kit/form/list-adders';
import type { ContractLookup } from '../src/shared/entities/contract';
import { api, ApiError } from '../src/client/api/client';
import type { Amendment, Contract, ContractVendorRow } from '../src/client/features/contracts/contract';
import { openContractDialog, type ContractDialog } from '../src/client/features/contracts/contract-dialog-store';
import { refreshContract } from '../src/client/features/contracts/refresh';
import { terminationPending } from '../src/client/features/contracts/termination';
import { downloadAttachment } from '../src/client/lib/download';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { deleteFailureMessage, resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const RESOURCE = 'contracts';
const API = '/api/contracts';
// The server's roles (modules/contracts/state-machine.ts); admin passes every check.
const WRITE_ROLES = ['contracts'];
const APPROVE_ROLES = ['contracts_approve', 'approve_contracts'];
const SIGN_ROLES = ['contracts', 'contracts_admin'];
const CANCEL_ROLES = ['contracts_admin'];
const HOLD_ROLES = ['contracts', 'contracts_admin'];
const TERMINATION_ROLES = ['contracts', 'contracts_admin'];
const AMENDMENT_WRITE_ROLES = ['contracts', 'contracts_admin'];
const APPLY_ROLES = ['contracts_admin'];
const PAYMENTS_ROLES = ['payments', 'payments_admin'];
const ADVANCE_ROLES = ['payments_admin'];
const ok: Availability = { enabled: true };
const group = 'commands.groups.actions';

/** The contract of a row menu, or of the page (details, edit) the command runs on. */
export function contractOf(ctx: CommandContext): Contract | undefined {
  return rowOf<Contract>(ctx, RESOURCE) ?? (ctx.entity?.resource === RESOURCE ? (ctx.entity.record as unknown as Contract) : undefined);
}

/** A command on one contract: a row menu's, and on the contract's own pages (details' menus, the palette). */
function contractCommand(
  def: Omit<Command, 'group' | 'scope' | 'when' | 'run'> & {
    when(c: Contract, ctx: CommandContext): Availability;
    run(ctx: CommandContext, c: Contract): void | Promise<void>;
  },
): Command {
  return {
    ...def,
    group,
    scope: { resource: RESOURCE, kind: 'row', onRecordPage: true },
    when: (ctx) => {
      const c = contractOf(ctx);
      return c ? def.when(c, ctx) : { hidden: true };
    },
    run: (ctx) => def.run(ctx, contractOf(ctx)!),
  };
}

/** A command on one row of a details section (a contract vendor, an amendment), given by its button or menu. */
function sectionCommand<Row>(
  resource: string,
  def: Omit<Command, 'group' | 'scope' | 'when' | 'run'> & {
    when(row: Row): Availability;
    run(ctx: CommandContext, row: Row): void | Promise<void>;
  },
): Command {
  return {
    ...def,
    group,
    scope: { resource, kind: 'row' },
    when: (ctx) => {
      const row = rowOf<Row>(ctx, resource);
      return row ? def.when(row) : { hidden: true };
    },
    run: (ctx) => def.run(ctx, rowOf<Row>(ctx, resource)!),
  };
}

/** A dialog where the screen has one; elsewhere (the palette on the list) the contract's page, where it has. */
function openDialog(ctx: CommandContext, dialog: ContractDialog) {
  if (!openContractDialog(dialog)) ctx.navigate(routePath('contracts.show', { id: dialog.contractId }));
}

/** A transition without a form: after a confirmation, POST, the success message and the contract reloaded. */
async function transition(ctx: CommandContext, contractId: number, path: string, confirm: string | undefined, done: string, confirmLabel: string) {
  if (confirm && !(await ctx.services.confirm(ctx.t(confirm), { confirmLabel }))) return;
  try {
    const record = await api.post(path);
    ctx.services.notify('success', ctx.t(done));
    refreshContract(contractId, record);
  } catch (error) {
    // 401, 403 and network failures are announced by the shell already.
    if (error instanceof ApiError && error.status !== 401 && error.status !== 403) ctx.services.notify('error', deleteFailureMessage(ctx, error));
    refreshContract(contractId);
  }
}

const flag = (value: boolean | undefined, reason: string): Availability => (value ? ok : { enabled: false, reason });

/** Edit (spec 2, 2): disabled unless the server calls the contract editable or final. */
const editable = (c: Pick<Contract, 'state_editable' | 'state_final'>): Availability => flag(c.state_editable || c.state_final, 'contracts.reasons.not_editable');

/** Terminate (spec 2, 4): signed, and no termination request on its way. */
const terminable = (c: Contract): Availability =>
  c.state !== 'signed' ? { enabled: false, reason: 'contracts.reasons.not_signed' } : terminationPending(c) ? { enabled: false, reason: 'contracts.reasons.termination_exists' } : ok;

const pendingTermination = (c: Contract) => (c.termination_request?.state_pending ? c.termination_request : undefined);

/** Today as `yyyy-MM-dd` in the browser's calendar. */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Apply (spec 2, 4): signed and the server allows it; disabled while apply_on is missing or still to come. */
export function applicable(a: Pick<Amendment, 'state' | 'apply_on' | 'can_apply'>): Availability {
  if (a.state !== 'signed') return { enabled: false, reason: 'contracts.reasons.amendment_not_signed' };
  if (!a.apply_on || a.apply_on > today()) return { enabled: false, reason: 'contracts.reasons.apply_on_future' };
  return flag(a.can_apply, 'contracts.reasons.apply_on_future');
}

/**
 * An amendment's row offers the steps of its state only (issue 24, item 8): approve and reject while
 * approval is pending, sign and cancel while signing is, apply once signed, and none of them once it
 * ended (applied, rejected, signing cancelled), instead of every step listed disabled. A step that
 * belongs to the state but cannot be taken yet (apply before its day) stays, disabled with its reason.
 */
const ENDED_AMENDMENT_STATES: readonly string[] = ['applied', 'rejected', 'signing_cancelled'];
const whileOpen = (a: Pick<Amendment, 'state'>, availability: Availability): Availability => (ENDED_AMENDMENT_STATES.includes(a.state) ? { hidden: true } : availability);
const onlyIn = (state: string, a: Pick<Amendment, 'state'>, availability: Availability): Availability => (a.state === state ? availability : { hidden: true });

const amendmentPath = (a: Pick<Amendment, 'contract_id' | 'id'>) => `${API}/${a.contract_id}/amendments/${a.id}`;

/** Contracts (spec 2, 2 and 4): the row menu, the details' menus and buttons, and the palette read these. */
export const contractsCommands: Command[] = [
  {
    id: 'contracts.add_vendor',
    title: 'contracts.commands.add_vendor',
    group,
    roles: WRITE_ROLES,
    // Only where a contract form is mounted (new, edit): the form registers the adder.
    when: () => (hasListAdder('contract_vendors') ? ok : { hidden: true }),
    run: () => requestListAdd('contract_vendors'),
  },
  ...resourceCommands<Contract>({
    resource: RESOURCE,
    api: API,
    roles: WRITE_ROLES,
    show: true,
    deleted: 'contracts.deleted',
    edit: editable,
    delete: (c) => flag(c.state_deletable, 'contracts.reasons.not_deletable'),
  }),
  // The details page's edit button (and the palette there).
  {
    id: 'contracts.edit_current',
    title: 'contracts.commands.edit',
    group,
    roles: ROUTES_BY_ID.get('contracts.edit')!.roles,
    when: (ctx) => {
      if (ctx.entity?.resource !== RESOURCE || ctx.path === routePath('contracts.edit', { id: ctx.entity.id })) return { hidden: true };
      return editable(ctx.entity.record as unknown as Contract);
    },
    run: (ctx) => ctx.navigate(routePath('contracts.edit', { id: ctx.entity!.id })),
  },
  // "Create new contract" from this one (spec 2, 2): a new draft with its terms; needs an end of the active range.
  contractCommand({
    id: 'contracts.copy_as_new',
    title: 'contracts.commands.copy_as_new',
    roles: ROUTES_BY_ID.get('contracts.new')!.roles,
    when: (c) => (c.active_to ? ok : { enabled: false, reason: 'contracts.reasons.no_active_to' }),
    run: (ctx, c) => ctx.navigate(`${routePath('contracts.new')}?src_id=${c.id}`),
  }),
  contractCommand({
    id: 'contracts.approve',
    title: 'contracts.commands.approve',
    roles: APPROVE_ROLES,
    when: (c) => flag(c.can_approve, 'contracts.reasons.not_approval_pending'),
    run: (ctx, c) => transition(ctx, c.id, `${API}/${c.id}/approve`, 'contracts.approve_confirm', 'contracts.done.approve', 'contracts.commands.approve'),
  }),
  contractCommand({
    id: 'contracts.reject',
    title: 'contracts.commands.reject',
    roles: APPROVE_ROLES,
    when: (c) => flag(c.can_reject, 'contracts.reasons.not_approval_pending'),
    run: (ctx, c) => openDialog(ctx, { kind: 'reject', contractId: c.id }),
  }),
  contractCommand({
    id: 'contracts.sign',
    title: 'contracts.commands.sign',
    roles: SIGN_ROLES,
    when: (c) => flag(c.can_sign, 'contracts.reasons.not_signing_pending'),
    run: (ctx, c) => openDialog(ctx, { kind: 'sign', contractId: c.id }),
  }),
  contractCommand({
    id: 'contracts.cancel',
    title: 'contracts.commands.cancel',
    roles: CANCEL_ROLES,
    when: (c) => flag(c.can_cancel, c.state === 'cancelled' ? 'contracts.reasons.cancelled' : 'contracts.reasons.not_cancellable'),
    run: (ctx, c) => openDialog(ctx, { kind: 'cancel', contractId: c.id }),
  }),
  contractCommand({
    id: 'contracts.terminate',
    title: 'contracts.commands.terminate',
    roles: TERMINATION_ROLES,
    when: terminable,
    run: (ctx, c) => openDialog(ctx, { kind: 'terminate', contractId: c.id }),
  }),
  contractCommand({
    id: 'contracts.approve_termination',
    title: 'contracts.commands.approve_termination',
    roles: APPROVE_ROLES,
    when: (c) => flag(Boolean(pendingTermination(c)), 'contracts.reasons.no_pending_termination'),
    run: (ctx, c) =>
      transition(
        ctx,
        c.id,
        `${API}/${c.id}/termination_requests/${pendingTermination(c)!.id}/approve`,
        'contracts.approve_termination_confirm',
        'contracts.done.approve_termination',
        'contracts.commands.approve_termination',
      ),
  }),
  contractCommand({
    id: 'contracts.reject_termination',
    title: 'contracts.commands.reject_termination',
    roles: APPROVE_ROLES,
    when: (c) => flag(Boolean(pendingTermination(c)), 'contracts.reasons.no_pending_termination'),
    run: (ctx, c) =>
      openDialog(ctx, {
        kind: 'reject_termination',
        contractId: c.id,
        requestId: pendingTermination(c)!.id,
      }),
  }),
  contractCommand({
    id: 'contracts.delete_termination',
    title: 'contracts.commands.delete_termination',
    roles: TERMINATION_ROLES,
    when: (c) => flag(c.termination_request?.state_deletable, 'contracts.reasons.no_pending_termination'),
    run: async (ctx, c) => {
      if (
        !(await ctx.services.confirm(ctx.t('form.delete_confirmation'), {
          confirmLabel: 'form.delete',
          danger: true,
        }))
      )
        return;
      try {
        const record = await api.delete(`${API}/${c.id}/termination_requests/${c.termination_request!.id}`);
        ctx.services.notify('success', ctx.t('contracts.done.delete_termination'));
        refreshContract(c.id, record);
      } catch (error) {
        if (error instanceof ApiError && error.status !== 401 && error.status !== 403) ctx.services.notify('error', deleteFailureMessage(ctx, error));
      }
    },
  }),
  contractCommand({
    id: 'contracts.download_document',
    title: 'contracts.commands.download_document',
    roles: ROUTES_BY_ID.get('contracts.show')!.roles,
    when: (c) => flag(Boolean(c.document_url), 'contracts.reasons.no_document'),
    run: async (_ctx, c) => void (await downloadAttachment(c.document_url!, {}, `contract-${c.id}.pdf`)),
  }),
  contractCommand({
    id: 'contracts.download_termination_document',
    title: 'contracts.commands.download_termination_document',
    roles: ROUTES_BY_ID.get('contracts.show')!.roles,
    when: (c) => flag(Boolean(c.termination_request?.document_url), 'contracts.reasons.no_termination_document'),
    run: async (_ctx, c) => void (await downloadAttachment(c.termination_request!.document_url!, {}, `termination-${c.id}.pdf`)),
  }),
  contractCommand({
    id: 'contracts.list_payments',
    title: 'contracts.commands.list_payments',
    roles: PAYMENTS_ROLES,
    when: () => ok,
    run: (ctx, c) => ctx.navigate(`${routePath('payments.list')}?filter[contract_id]=${c.id}`),
  }),
  contractCommand({
    id: 'contracts.new_amendment',
    title: 'contracts.commands.new_amendment',
    roles: AMENDMENT_WRITE_ROLES,
    when: (c) => flag(c.can_create_amendment, 'contracts.reasons.not_final'),
    run: (ctx, c) => ctx.navigate(routePath('contracts.amendments.new', { contract_id: c.id })),
  }),

  // A vendor of the contract (its row in the details' vendors section): payouts on hold and back (spec 2, 4).
  sectionCommand<ContractVendorRow>('contract_vendors', {
    id: 'contract_vendors.pause',
    title: 'contracts.commands.pause_vendor',
    roles: HOLD_ROLES,
    when: (v) => (!v.contract_final ? { enabled: false, reason: 'contracts.reasons.not_final' } : v.payout_on_hold ? { enabled: false, reason: 'contracts.reasons.on_hold' } : ok),
    run: (ctx, v) =>
      openDialog(ctx, {
        kind: 'pause',
        contractId: v.contract_id,
        contractVendorId: v.id,
        vendorName: v.vendor.name,
      }),
  }),
  sectionCommand<ContractVendorRow>('contract_vendors', {
    id: 'contract_vendors.resume',
    title: 'contracts.commands.resume_vendor',
    roles: HOLD_ROLES,
    when: (v) => (!v.contract_final ? { enabled: false, reason: 'contracts.reasons.not_final' } : !v.payout_on_hold ? { enabled: false, reason: 'contracts.reasons.not_on_hold' } : ok),
    run: (ctx, v) =>
      transition(ctx, v.contract_id, `${API}/${v.contract_id}/contract_vendors/${v.id}/resume`, 'contracts.resume_confirm', 'contracts.done.resume_vendor', 'contracts.commands.resume_vendor'),
  }),

  // An advance for the vendor, recouped from its later earnings (DOMAIN.md "Payment run" step 8); final contracts only.
  sectionCommand<ContractVendorRow>('contract_vendors', {
    id: 'contract_vendors.record_advance',
    title: 'contracts.commands.record_advance',
    roles: ADVANCE_ROLES,
    when: (v) => flag(v.contract_signed, 'contracts.reasons.advance_not_signed'),
    run: (ctx, v) =>
      openDialog(ctx, {
        kind: 'record_advance',
        contractId: v.contract_id,
        contractVendorId: v.id,
        vendorId: v.vendor_id,
        vendorName: v.vendor.name,
        currency: v.contract_currency,
      }),
  }),

  // An amendment (its row in the details' amendments section), spec 2, 4 "Amendment".
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.edit',
    title: 'commands.row.edit',
    roles: AMENDMENT_WRITE_ROLES,
    when: (a) => whileOpen(a, flag(a.state_editable, 'contracts.reasons.amendment_not_editable')),
    run: (ctx, a) =>
      ctx.navigate(
        routePath('contracts.amendments.edit', {
          contract_id: a.contract_id,
          id: a.id,
        }),
      ),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.approve',
    title: 'contracts.commands.approve_amendment',
    roles: APPROVE_ROLES,
    when: (a) => onlyIn('approval_pending', a, flag(a.can_approve, 'contracts.reasons.not_approval_pending')),
    run: (ctx, a) => transition(ctx, a.contract_id, `${amendmentPath(a)}/approve`, 'contracts.approve_amendment_confirm', 'contracts.done.approve_amendment', 'contracts.commands.approve_amendment'),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.reject',
    title: 'contracts.commands.reject_amendment',
    roles: APPROVE_ROLES,
    when: (a) => onlyIn('approval_pending', a, flag(a.can_reject, 'contracts.reasons.not_approval_pending')),
    run: (ctx, a) =>
      openDialog(ctx, {
        kind: 'reject_amendment',
        contractId: a.contract_id,
        amendmentId: a.id,
      }),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.sign',
    title: 'contracts.commands.sign_amendment',
    roles: SIGN_ROLES,
    when: (a) => onlyIn('signing_pending', a, flag(a.can_sign, 'contracts.reasons.not_signing_pending')),
    run: (ctx, a) =>
      openDialog(ctx, {
        kind: 'sign_amendment',
        contractId: a.contract_id,
        amendmentId: a.id,
      }),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.cancel',
    title: 'contracts.commands.cancel_amendment',
    roles: CANCEL_ROLES,
    when: (a) => onlyIn('signing_pending', a, flag(a.can_cancel, 'contracts.reasons.amendment_not_signing_pending')),
    run: (ctx, a) =>
      openDialog(ctx, {
        kind: 'cancel_amendment',
        contractId: a.contract_id,
        amendmentId: a.id,
      }),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.apply',
    title: 'contracts.commands.apply_amendment',
    roles: APPLY_ROLES,
    when: (a) => onlyIn('signed', a, applicable(a)),
    run: (ctx, a) => transition(ctx, a.contract_id, `${amendmentPath(a)}/apply`, 'contracts.apply_amendment_confirm', 'contracts.done.apply_amendment', 'contracts.commands.apply_amendment'),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.download_document',
    title: 'contracts.commands.download_document',
    roles: ROUTES_BY_ID.get('contracts.show')!.roles,
    when: (a) => flag(Boolean(a.document_url), 'contracts.reasons.no_document'),
    run: async (_ctx, a) => void (await downloadAttachment(a.document_url!, {}, `amendment-${a.id}.pdf`)),
  }),
  sectionCommand<Amendment>('contract_amendments', {
    id: 'contract_amendments.delete',
    title: 'commands.row.delete',
    roles: AMENDMENT_WRITE_ROLES,
    when: (a) => whileOpen(a, flag(a.state_deletable, 'contracts.reasons.amendment_not_deletable')),
    run: async (ctx, a) => {
      if (
        !(await ctx.services.confirm(ctx.t('form.delete_confirmation'), {
          confirmLabel: 'form.delete',
          danger: true,
        }))
      )
        return;
      try {
        await api.delete(amendmentPath(a));
        ctx.services.notify('success', ctx.t('contracts.done.delete_amendment'));
      } catch (error) {
        if (error instanceof ApiError && error.status !== 401 && error.status !== 403) ctx.services.notify('error', deleteFailureMessage(ctx, error));
      }
      refreshContract(a.contract_id);
    },
  }),
];

/**
 * The palette finds contracts by id, vendor and organization (its bounded lookup) and opens the
 * details. An id may be typed as the list shows it, `#12`: the palette searches from two characters.
 */
export const contractsLookups: Lookup[] = [
  {
    id: RESOURCE,
    title: 'contracts.title',
    roles: ROUTES_BY_ID.get('contracts.show')!.roles,
    async search(q, signal) {
      const rows = await api.get<ContractLookup[]>(`${API}/palette`, { q: q.trim().replace(/^#/, '') }, { signal, quiet: true });
      return rows.slice(0, 5).map((c) => ({ id: c.id, label: c.label, detail: c.organization.name }));
    },
    href: (hit) => routePath('contracts.show', { id: hit.id }),
  },
];
