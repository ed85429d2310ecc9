import type { DialogTarget } from '../src/client/kit/dialog-target';
import type { Payout, PayoutFile } from '../src/shared/entities/payout';
import { api, ApiError } from '../src/client/api/client';
import { jobsStarted } from '../src/client/kit/jobs-watch';
import { downloadFile } from '../src/client/lib/download';
import { errorText } from '../src/client/lib/i18n';
import { previewDialog, revenueTypesDialog, uploadDialog } from '../src/client/features/payouts/dialogs';
import { ratesDraft } from '../src/client/features/payouts/rates-draft';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { deleteFailureMessage, recordOnPage, recordPageCommand, resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const R = 'payouts';
const FILES = 'payout_files';
const ROLES = ['payouts'];
const group = 'commands.groups.actions';
const ok: Availability = { enabled: true };

const payoutOnPage = (ctx: CommandContext): Payout | undefined => recordOnPage<Payout>(ctx, R);
/** A payout page's command: hidden elsewhere, disabled with the reason when the flag says no. */
const pageCommand = recordPageCommand<Payout>(R, ROLES, group);

/**
 * Opens a dialog of the show page (mounted whichever tab shows), first going to `tab` when given: the
 * revenues tab shows what an allocation changes. From elsewhere the page opens it when it mounts the host.
 */
function openOnPage<T>(ctx: CommandContext, payout: Payout, target: DialogTarget<T>, value: T, tab?: string) {
  const path = routePath('payouts.show', tab ? { id: payout.id, tab } : { id: payout.id });
  if (target.open(value)) {
    if (tab && ctx.path !== path) ctx.navigate(path);
    return;
  }
  target.openAt(value, path, ctx.navigate);
}

const flag = (allowed: boolean, reason: string): Availability => (allowed ? ok : { enabled: false, reason });

/** Why the revenues cannot be allocated or deleted now: a running job, the payments, else `otherwise`. */
const revenuesReason = (p: Payout, otherwise: string) => (p.jobs_pending ? 'payouts.reasons.jobs_pending' : p.has_payments ? 'payouts.reasons.has_payments' : otherwise);
/** Why the payout's revenue, files and rates cannot change now (the server's `locked_reason`), as a reason key; undefined when they can. */
export const lockedReason = (p: Pick<Payout, 'locked_reason'>): string | undefined => (p.locked_reason ? `payouts.reasons.locked_${p.locked_reason}` : undefined);

/** Spec 3, 8: the server's message of a refused create (or delete, when it has one) as the error toast. */
function serverMessage(ctx: CommandContext, error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return (error as Error).message;
  const key = error.errors ? Object.values(error.errors).flat()[0] : undefined;
  if (typeof key === 'string') return errorText(ctx.t, key);
  return typeof error.body === 'object' && error.body && 'error' in error.body ? error.message : undefined;
}

/**
 * Payouts (spec 3, 2.3, 4.2 and 6, role `payouts`): new, show and delete; on the payout's page upload
 * files, allocate and delete revenues (by the server's `can_*` flags), save the currency rates; per
 * file its revenue preview and delete.
 */
export const payoutsCommands: Command[] = [
  ...resourceCommands<Payout>({
    resource: R,
    api: '/api/payouts',
    roles: ROLES,
    deleted: 'payouts.deleted',
    show: true,
    edit: false,
    delete: (p) => flag(p.can_be_deleted, 'payouts.reasons.not_deletable'),
  }),
  pageCommand(
    'payouts.delete_current',
    'commands.row.delete_current',
    (p) => flag(p.can_be_deleted, 'payouts.reasons.not_deletable'),
    async (ctx, p) => {
      if (!(await ctx.services.confirm(ctx.t('form.delete_confirmation'), { confirmLabel: 'form.delete', danger: true }))) return;
      try {
        await api.delete(`/api/payouts/${p.id}`);
        ctx.services.notify('success', ctx.t('payouts.deleted'));
        ctx.services.invalidate('/api/payouts');
        ctx.navigate(routePath('payouts.list'));
      } catch (error) {
        ctx.services.notify('error', deleteFailureMessage(ctx, error));
      }
    },
  ),
  pageCommand('payouts.upload_files', 'payouts.commands.upload_files', (p) => flag(p.can_upload_files, lockedReason(p) ?? 'payouts.reasons.jobs_pending'), (ctx, p) => openOnPage(ctx, p, uploadDialog, p)),
  pageCommand(
    'payouts.allocate_revenues',
    'payouts.commands.allocate_revenues',
    (p) => flag(p.can_allocate_revenues && !p.jobs_pending, lockedReason(p) ?? revenuesReason(p, 'payouts.reasons.cannot_allocate')),
    (ctx, p) => openOnPage(ctx, p, revenueTypesDialog, { payout: p, mode: 'allocate' }, 'revenues'),
  ),
  pageCommand(
    'payouts.delete_revenues',
    'payouts.commands.delete_revenues',
    (p) => flag(p.can_delete_revenues && !p.jobs_pending && p.allocated_revenue_types.length > 0, lockedReason(p) ?? revenuesReason(p, 'payouts.reasons.cannot_delete_revenues')),
    (ctx, p) => openOnPage(ctx, p, revenueTypesDialog, { payout: p, mode: 'delete' }, 'revenues'),
  ),
  pageCommand(
    'payouts.create_payments',
    'payouts.commands.create_payments',
    (p) => flag(p.can_create_payments, p.jobs_pending ? 'payouts.reasons.jobs_pending' : 'payouts.reasons.cannot_create_payments'),
    async (ctx, p) => {
      ctx.navigate(routePath('payouts.show', { id: p.id, tab: 'payments' }));
      try {
        await api.post(`/api/payouts/${p.id}/payments`);
        jobsStarted(`/api/payouts/${p.id}/jobs`, ['create_payments']);
        ctx.services.notify('success', ctx.t('payouts.payments.created'));
      } catch (error) {
        ctx.services.notify('error', serverMessage(ctx, error) ?? ctx.t('payouts.payments.create_failed'));
      } finally {
        ctx.services.invalidate(`/api/payouts/${p.id}`);
      }
    },
  ),
  pageCommand(
    'payouts.delete_payments',
    'payouts.commands.delete_payments',
    (p) => flag(p.can_delete_payments, p.jobs_pending ? 'payouts.reasons.jobs_pending' : 'payouts.reasons.cannot_delete_payments'),
    async (ctx, p) => {
      if (!(await ctx.services.confirm(ctx.t('payouts.payments.delete_confirmation'), { confirmLabel: 'payouts.commands.delete_payments', danger: true }))) return;
      try {
        await api.delete(`/api/payouts/${p.id}/payments`);
        ctx.services.notify('success', ctx.t('payouts.payments.deleted'));
      } catch (error) {
        const message = serverMessage(ctx, error);
        if (message) ctx.services.notify('error', message);
      } finally {
        ctx.services.invalidate(`/api/payouts/${p.id}`);
      }
    },
  ),
  {
    id: 'payouts.save_currency_rates',
    title: 'payouts.commands.save_currency_rates',
    group,
    roles: ROLES,
    hotkey: 'mod+s',
    when: (ctx) => {
      const p = payoutOnPage(ctx);
      if (!p || ctx.path !== routePath('payouts.show', { id: p.id, tab: 'currency-rates' })) return { hidden: true };
      if (!p.can_edit_currency_rates) return { enabled: false, reason: lockedReason(p) ?? 'payouts.reasons.rates_locked' };
      const d = ratesDraft();
      return d.payoutId === p.id && d.dirty && d.save ? ok : { enabled: false, reason: 'payouts.reasons.rates_unchanged' };
    },
    run: async () => {
      await ratesDraft().save?.();
    },
  },
  {
    id: 'payouts.preview_revenues',
    title: 'payouts.commands.preview_revenues',
    group,
    roles: ROLES,
    scope: { resource: FILES, kind: 'row' },
    when: (ctx) => {
      const f = rowOf<PayoutFile>(ctx, FILES);
      return f ? flag(f.can_preview_revenues, 'payouts.reasons.not_imported') : { hidden: true };
    },
    run: (ctx) => {
      previewDialog.open(rowOf<PayoutFile>(ctx, FILES)!);
    },
  },
  {
    id: 'payouts.download_file',
    title: 'payouts.commands.download_file',
    group,
    roles: ROLES,
    scope: { resource: FILES, kind: 'row' },
    when: (ctx) => (rowOf<PayoutFile>(ctx, FILES) ? ok : { hidden: true }),
    run: async (ctx) => {
      const f = rowOf<PayoutFile>(ctx, FILES)!;
      try {
        await downloadFile(`/api/payouts/${f.payout_id}/files/${f.id}`, f.name);
      } catch (error) {
        ctx.services.notify('error', ctx.t('payouts.download_failed', { name: f.name, message: error instanceof Error ? error.message : String(error) }));
      }
    },
  },
  {
    id: 'payouts.delete_file',
    title: 'payouts.commands.delete_file',
    group,
    roles: ROLES,
    scope: { resource: FILES, kind: 'row' },
    when: (ctx) => {
      const f = rowOf<PayoutFile>(ctx, FILES);
      return f ? flag(f.can_be_deleted, 'payouts.reasons.file_not_deletable') : { hidden: true };
    },
    run: async (ctx) => {
      const f = rowOf<PayoutFile>(ctx, FILES)!;
      if (!(await ctx.services.confirm(ctx.t('form.delete_confirmation'), { confirmLabel: 'form.delete', danger: true }))) return;
      try {
        await api.delete(`/api/payouts/${f.payout_id}/files/${f.id}`);
        ctx.services.notify('success', ctx.t('payouts.file_deleted', { name: f.name }));
      } catch (error) {
        ctx.services.notify('error', deleteFailureMessage(ctx, error));
      } finally {
        ctx.services.invalidate(`/api/payouts/${f.payout_id}`);
      }
    },
  },
];

export const payoutsLookups: Lookup[] = [];
