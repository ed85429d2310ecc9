import type { UnallocatedRevenue } from '../src/shared/entities/payout';
import { request } from '../src/client/api/client';
import { allocateDialog } from '../src/client/features/unallocated-revenues/dialogs';
import { unallocatedDefaults } from '../src/client/features/unallocated-revenues/list-defaults';
import { parseListSearch } from '../src/client/kit/list-state';
import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import type { Command, CommandContext } from './types';

const R = 'unallocated_revenues';
const ROLES = ['unallocated_revenues'];
const group = 'commands.groups.actions';
const onList = (ctx: CommandContext) => ctx.path === routePath('unallocated_revenues.list');

/** Saves a blob under `name` through the browser. */
function save(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Unallocated revenues (spec 3, 2.5, 7.5, role `unallocated_revenues`): export the rows of the list's
 * filter as CSV, and allocate the selected rows to a revenue source (a dialog).
 */
export const unallocatedRevenuesCommands: Command[] = [
  {
    id: 'unallocated_revenues.export',
    title: 'unallocated_revenues.commands.export',
    group,
    roles: ROLES,
    when: (ctx) => (onList(ctx) ? { enabled: true } : { hidden: true }),
    run: async (ctx) => {
      // The filter as the address holds it (or the screen's default month).
      const { filter } = parseListSearch(window.location.search, unallocatedDefaults()).params;
      const pick = (k: string) => (typeof filter[k] === 'string' ? (filter[k] as string) : undefined);
      try {
        const blob = await request<Blob>('POST', '/api/unallocated_revenues/export', { body: { month: pick('month'), content_owner_id: pick('content_owner_id'), revenue_type: pick('revenue_type') }, as: 'blob' });
        save(blob, `unallocated-revenues-${pick('month') ?? 'all'}.csv`);
      } catch {
        ctx.services.notify('error', ctx.t('unallocated_revenues.export_failed'));
      }
    },
  },
  {
    id: 'unallocated_revenues.allocate_selected',
    title: 'unallocated_revenues.commands.allocate_selected',
    group,
    roles: ROLES,
    scope: { resource: R, kind: 'bulk' },
    when: (ctx) => {
      if (ctx.selection?.resource !== R) return { hidden: true };
      if (ctx.selection.rows.length === 0) return { enabled: false, reason: 'commands.reasons.nothing_selected' };
      // A row whose payout runs a job or has payments cannot be allocated (the server refuses with 409 too).
      const locked = (ctx.selection.rows as UnallocatedRevenue[]).find((r) => r.payout_locked_reason);
      return locked ? { enabled: false, reason: `payouts.reasons.locked_${locked.payout_locked_reason}` } : { enabled: true };
    },
    run: (ctx) => {
      allocateDialog.open(ctx.selection!.rows as UnallocatedRevenue[]);
    },
  },
];

export const unallocatedRevenuesLookups: Lookup[] = [];
