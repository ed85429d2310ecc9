import { mutate } from 'swr';
import { api, ApiError, request } from '../src/client/api/client';
import { applyToContracts, balanceStatement, confirmChangeRequest } from '../src/client/features/vendors/vendor-dialogs';
import { openPortalAs } from '../src/client/features/vendor-portal/portal-sign-in';
import { canOpenPortal, isPending } from '../src/client/features/vendors/format';
import type { Vendor } from '../src/client/features/vendors/vendor';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import { BALANCE_ROLES } from '../src/shared/entities/balance-entry';
import { VENDOR_LIST_ROLES, VENDOR_ROLES } from '../src/shared/roles';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { deleteFailureMessage, resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const RESOURCE = 'vendors';
const API = '/api/vendors';
const ROLES = VENDOR_LIST_ROLES;
const ADMIN_ROLES = ['admin', 'vendors_admin'];
const CONTRACTS_ROLES = ['contracts', 'contracts_admin', 'contracts_approve', 'admin'];
const PAYMENTS_ROLES = ['payments', 'payments_admin', 'admin'];
const ok: Availability = { enabled: true };
const group = 'commands.groups.actions';

/** A list row (`change_request_pending`) or the whole record of a vendor's page (`change_request_changes`). */
type VendorRow = Pick<Vendor, 'id' | 'name' | 'state' | 'readonly' | 'inactive'> &
  Partial<Pick<Vendor, 'change_request_changes' | 'contacts' | 'full_number' | 'deletable'>> & { change_request_pending?: boolean };

/** The vendor of a row menu, or of the page (details, edit) the command runs on. */
function target(ctx: CommandContext): VendorRow | undefined {
  return rowOf<VendorRow>(ctx, RESOURCE) ?? (ctx.entity?.resource === RESOURCE ? (ctx.entity.record as unknown as VendorRow) : undefined);
}

/** A row command that also works on a vendor's own pages (the details' actions menu, the palette there). */
function vendorCommand(def: Omit<Command, 'group' | 'scope' | 'when' | 'run'> & { when(v: VendorRow): Availability; run(ctx: CommandContext, v: VendorRow): void | Promise<void> }): Command {
  return {
    ...def,
    group,
    scope: { resource: RESOURCE, kind: 'row', onRecordPage: true },
    when: (ctx) => {
      const v = target(ctx);
      return v ? def.when(v) : { hidden: true };
    },
    run: (ctx) => def.run(ctx, target(ctx)!),
  };
}

/** After a vendor changed: its record shows the server's answer (or reloads), its lists reload. */
function refresh(ctx: CommandContext, id: number, record?: unknown) {
  if (record && typeof record === 'object') void mutate(`${API}/${id}`, record, { revalidate: false });
  ctx.services.invalidate(API);
}

/** 401, 403 and network failures are announced by the shell already; the rest by this action's message. */
function failed(ctx: CommandContext, error: unknown, key: string) {
  if (!(error instanceof ApiError) || error.status === 401 || error.status === 403) return;
  ctx.services.notify('error', `${ctx.t(key)} ${error.errors ? deleteFailureMessage(ctx, error) : ''}`.trim());
}

const hasChangeRequest = (v: VendorRow): Availability =>
  v.change_request_pending || (v.change_request_changes !== undefined && v.change_request_changes !== null) ? ok : { enabled: false, reason: 'vendors.reasons.no_change_request' };

/** Opens the vendor portal in a new tab as this e-mail's portal user (spec 2, 7: the portal_sessions form post). */
export async function openPortal(ctx: Pick<CommandContext, 'services' | 't'>, vendorId: number, email: string): Promise<void> {
  try {
    await openPortalAs(email, vendorId);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return;
    ctx.services.notify('error', ctx.t('vendors.portal_sign_in_failed', { message: error instanceof Error ? error.message : '' }));
  }
}

/** Resends the confirmation mail of one pending e-mail (spec 2, 7); used by the e-mail's own button too. */
export async function resendConfirmation(ctx: Pick<CommandContext, 'services' | 't'>, vendorId: number, emailId: number): Promise<void> {
  try {
    await api.post(`${API}/${vendorId}/resend_confirmation_instructions`, { vendor_contact_email_id: emailId }, { quiet: true });
    ctx.services.notify('success', ctx.t('vendors.confirmation_resent'));
  } catch (error) {
    // The server's reason when it gave one, else the error's name (spec 2, 8).
    const reason = error instanceof ApiError && error.errors ? Object.values(error.errors).flat()[0] : undefined;
    const message = typeof reason === 'string' ? ctx.t(`form_errors.${reason}`) : error instanceof ApiError && error.body ? error.message : error instanceof Error ? error.name : '';
    ctx.services.notify('error', ctx.t('vendors.confirmation_resend_failed', { message }));
  }
}

/** Vendors (spec 2, 2 and 4): the row menu, the details' actions menu and the palette read these. */
export const vendorsCommands: Command[] = [
  ...resourceCommands<VendorRow>({
    resource: RESOURCE,
    api: API,
    roles: ROLES,
    show: true,
    deleted: 'vendors.deleted',
    // The server's flag when it sent one: state new and not read-only (spec 2, 4).
    delete: (v) => ((v.deletable ?? (v.state === 'new' && !v.readonly)) ? ok : { enabled: false, reason: v.readonly ? 'vendors.reasons.readonly' : 'vendors.reasons.confirmed' }),
    actions: [
      { name: 'activate', title: 'vendors.commands.activate', done: 'vendors.activated', roles: ADMIN_ROLES, when: (v) => (v.inactive ? ok : { enabled: false, reason: 'vendors.reasons.active' }) },
      { name: 'deactivate', title: 'vendors.commands.deactivate', done: 'vendors.deactivated', roles: ADMIN_ROLES, when: (v) => (v.inactive ? { enabled: false, reason: 'vendors.reasons.inactive' } : ok) },
    ],
  }),
  // On the details page: its edit button and the edit page's way back.
  {
    id: 'vendors.edit_current',
    title: 'vendors.commands.edit_current',
    group,
    roles: ROUTES_BY_ID.get('vendors.edit')!.roles,
    when: (ctx) => (ctx.entity?.resource === RESOURCE && ctx.path !== routePath('vendors.edit', { id: ctx.entity.id }) ? ok : { hidden: true }),
    run: (ctx) => ctx.navigate(routePath('vendors.edit', { id: ctx.entity!.id })),
  },
  {
    id: 'vendors.show_current',
    title: 'vendors.commands.show_current',
    group,
    roles: ROUTES_BY_ID.get('vendors.show')!.roles,
    when: (ctx) => (ctx.entity?.resource === RESOURCE && ctx.path === routePath('vendors.edit', { id: ctx.entity.id }) ? ok : { hidden: true }),
    run: (ctx) => ctx.navigate(routePath('vendors.show', { id: ctx.entity!.id })),
  },
  vendorCommand({
    id: 'vendors.cancel_change_request',
    title: 'vendors.commands.cancel_change_request',
    roles: VENDOR_ROLES,
    when: hasChangeRequest,
    run: async (ctx, v) => {
      if (!(await ctx.services.confirm(ctx.t('vendors.cancel_change_request_confirm'), { confirmLabel: 'vendors.commands.cancel_change_request', danger: true }))) return;
      try {
        // The answer is the vendor without the request: it replaces the one on screen.
        const record = await request<Vendor>('DELETE', `${API}/${v.id}/change_request`);
        ctx.services.notify('success', ctx.t('vendors.change_request_cancelled'));
        refresh(ctx, v.id, record);
      } catch (error) {
        failed(ctx, error, 'vendors.change_request_cancel_failed');
      }
    },
  }),
  vendorCommand({
    id: 'vendors.confirm_change_request',
    title: 'vendors.commands.confirm_change_request',
    roles: ['admin'],
    // A change confirmed for a later day waits for it; only cancelling remains.
    when: (v) => (v.change_request_changes?.agreement_status === 'confirmed' ? { enabled: false, reason: 'vendors.reasons.change_confirmed' } : hasChangeRequest(v)),
    run: (ctx, v) => {
      // The dialog (a confirmation document to upload) lives on every vendor screen, where this command is.
      if (!confirmChangeRequest.open(v.id)) ctx.navigate(routePath('vendors.show', { id: v.id }));
    },
  }),
  vendorCommand({
    // Spec 2, 2 "Apply to contracts dialog": a stored method takes contract vendors of this vendor.
    id: 'vendors.apply_to_contracts',
    title: 'vendors.commands.apply_to_contracts',
    roles: VENDOR_ROLES,
    when: (v) => {
      const record = v as VendorRow & Partial<Pick<Vendor, 'contract_vendors' | 'payment_methods'>>;
      if (!record.contract_vendors || !record.payment_methods) return { hidden: true };
      if (record.readonly) return { enabled: false, reason: 'vendors.reasons.readonly' };
      if (record.contract_vendors.length === 0) return { enabled: false, reason: 'vendors.reasons.no_contracts' };
      return record.payment_methods.length > 0 ? ok : { enabled: false, reason: 'vendors.reasons.no_payment_methods' };
    },
    run: (ctx, v) => {
      if (!applyToContracts.open({ vendorId: v.id, methodId: null })) ctx.navigate(routePath('vendors.show', { id: v.id }));
    },
  }),
  vendorCommand({
    id: 'vendors.resend_confirmation',
    title: 'vendors.commands.resend_confirmation',
    roles: VENDOR_ROLES,
    when: (v) => {
      if (!v.contacts) return { hidden: true };
      return v.contacts.some((c) => c.emails.some(isPending)) ? ok : { enabled: false, reason: 'vendors.reasons.nothing_pending' };
    },
    run: async (ctx, v) => {
      for (const email of (v.contacts ?? []).flatMap((c) => c.emails).filter(isPending)) await resendConfirmation(ctx, v.id, email.id);
    },
  }),
  vendorCommand({
    id: 'vendors.portal_sign_in',
    title: 'vendors.commands.portal_sign_in',
    roles: VENDOR_ROLES,
    when: (v) => {
      if (!v.contacts) return { hidden: true };
      return v.contacts.some((c) => c.emails.some(canOpenPortal)) ? ok : { enabled: false, reason: 'vendors.reasons.no_portal_user' };
    },
    run: async (ctx, v) => {
      const email = (v.contacts ?? []).flatMap((c) => c.emails).find(canOpenPortal);
      if (email) await openPortal(ctx, v.id, email.email);
    },
  }),
  vendorCommand({
    id: 'vendors.list_contracts',
    title: 'vendors.commands.list_contracts',
    roles: CONTRACTS_ROLES,
    when: () => ok,
    run: (ctx, v) => ctx.navigate(`${routePath('contracts.list')}?filter[vendor_id]=${v.id}`),
  }),
  vendorCommand({
    id: 'vendors.list_payments',
    title: 'vendors.commands.list_payments',
    roles: PAYMENTS_ROLES,
    when: () => ok,
    run: (ctx, v) => ctx.navigate(`${routePath('payments.list')}?filter[vendor_id]=${v.id}`),
  }),
  vendorCommand({
    // Issue 23: the vendor's balance tab (balances and ledger entries), for the roles of a vendor's payments.
    id: 'vendors.show_balance',
    title: 'vendors.commands.show_balance',
    roles: BALANCE_ROLES,
    keywords: ['ledger', 'carried', 'entries'],
    when: () => ok,
    run: (ctx, v) => ctx.navigate(routePath('vendors.show', { id: v.id, tab: 'balance' })),
  }),
  vendorCommand({
    // The balance statement of a period as PDF or CSV: a dialog asks for the months (the vendor's page mounts it).
    id: 'vendors.download_balance_statement',
    title: 'vendors.commands.download_balance_statement',
    roles: BALANCE_ROLES,
    keywords: ['statement', 'kontoauszug', 'pdf', 'csv', 'ledger', 'period'],
    when: () => ok,
    run: (ctx, v) => balanceStatement.openAt(v.id, routePath('vendors.show', { id: v.id, tab: 'balance' }), ctx.navigate),
  }),
];

interface VendorHit {
  id: number;
  name: string;
  number?: string;
  full_number?: string;
}

/** The palette finds vendors by id, number, full number and name (its bounded lookup) and opens the details. */
export const vendorsLookups: Lookup[] = [
  recordLookup<VendorHit>({
    id: RESOURCE,
    title: 'vendors.title',
    roles: ROUTES_BY_ID.get('vendors.show')!.roles,
    path: `${API}/palette`,
    label: (v) => v.name,
    detail: (v) => v.full_number ?? v.number,
    href: (id) => routePath('vendors.show', { id }),
  }),
];
