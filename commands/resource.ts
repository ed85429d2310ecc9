import { api } from '../src/client/api/client';
import { errorText } from '../src/client/lib/i18n';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import type { Availability, Command, CommandContext } from './types';

/**
 * The row and bulk commands every resource list has (edit, show, delete, delete selected), made from
 * one description so each resource states only what differs. Row commands act on the row a menu or
 * keyboard key is for (`ctx.selection` with one row); bulk commands on the grid's selection.
 */
export interface ResourceCommandsDef<Row extends { id: number | string }> {
  /** Route-id prefix and command-id prefix, e.g. `banks` (routes `banks.edit`, `banks.show`). */
  resource: string;
  /** API base, e.g. `/api/banks`; also the key lists are invalidated by. */
  api: string;
  roles: readonly string[];
  /** Translation key of the success message after a delete, e.g. `banks.deleted`. */
  deleted?: string;
  /** Omit a command the resource does not have. */
  edit?: false | ((row: Row) => Availability);
  show?: boolean;
  delete?: false | ((row: Row) => Availability);
  /** Bulk delete of the selection (each row must pass `delete`) in one `POST {api}/delete`: all or none. */
  bulkDelete?: boolean;
  /** The resource's transitions (`POST {api}/{id}/{name}`) and, with `bulk`, their bulk actions (`POST {api}/{name}`). */
  actions?: ResourceAction<Row>[];
  /** Where deleting on the edit page returns to (default the `{resource}.list` route); revenue sources: their type's list. */
  listPathOf?(record: Row): string;
}

export interface ResourceAction<Row> {
  /** The server's action name, e.g. `disable`; command ids are `{resource}.{name}` and `{resource}.{name}_selected`. */
  name: string;
  /** Translation keys of the row command, the bulk command and the success message. */
  title: string;
  bulkTitle?: string;
  done: string;
  /** Whether a row may take it (its flag, as the server answers it); the server checks again on the locked row. */
  when(row: Row): Availability;
  /** The same for a row of the selection, when its refusal reads differently for several ("every selected payment must …"). */
  bulkWhen?(row: Row): Availability;
  bulk?: boolean;
  /** Roles of this action when they differ from the resource's (activate: admin or vendors_admin). */
  roles?: readonly string[];
  /** A question asked first (translation key, given `{count}`): payments' bulk actions say how many they change. */
  confirm?: string;
  /** The error toast's lead (translation key) before the server's reason (spec 3, 8: each action its own). */
  failed?: string;
  /** Hotkey of the bulk command (pay out selected). */
  bulkHotkey?: string;
  /** The row command also acts on the record's own page (its details), for the palette and the page's menu. */
  onRecordPage?: boolean;
}

const ok: Availability = { enabled: true };

/** The record a page is about (its details or edit page, as the page published it), with the server's flags. */
export function recordOnPage<T>(ctx: CommandContext, resource: string): T | undefined {
  return ctx.entity?.resource === resource ? (ctx.entity.record as unknown as T) : undefined;
}

/**
 * A maker of one resource's page commands: each is hidden away from a page of that resource, and disabled
 * with its reason when `rule` (the server's flag) says no on the record the page shows.
 */
export function recordPageCommand<T>(resource: string, roles: readonly string[], group: string) {
  return (id: string, title: string, rule: (record: T) => Availability, run: (ctx: CommandContext, record: T) => void | Promise<void>, hotkey?: string): Command => ({
    id,
    title,
    group,
    roles,
    hotkey,
    when: (ctx) => {
      const record = recordOnPage<T>(ctx, resource);
      return record ? rule(record) : { hidden: true };
    },
    run: (ctx) => run(ctx, recordOnPage<T>(ctx, resource)!),
  });
}

export function rowOf<Row>(ctx: CommandContext, resource: string): Row | undefined {
  const sel = ctx.selection;
  return sel && sel.resource === resource && sel.rows.length === 1 ? (sel.rows[0] as Row) : undefined;
}

function rowsOf<Row>(ctx: CommandContext, resource: string): Row[] {
  const sel = ctx.selection;
  return sel && sel.resource === resource ? (sel.rows as Row[]) : [];
}

/** Shows a server refusal of a delete or an action (e.g. `has_children`, `ineligible`) as the translated reason. */
export function deleteFailureMessage(ctx: CommandContext, error: unknown): string {
  const body = (error as { body?: { errors?: Record<string, string[]> } }).body;
  const key = body?.errors ? Object.values(body.errors).flat()[0] : undefined;
  // errorText: a key with a count, date or detail (`contract_overlap: 12 (UC...)`) fills it into its text.
  return key ? errorText(ctx.t, key) : ctx.t('form.delete_failed');
}

export function resourceCommands<Row extends { id: number | string }>(def: ResourceCommandsDef<Row>): Command[] {
  const group = 'commands.groups.actions';
  const scope = (kind: 'row' | 'bulk') => ({ resource: def.resource, kind });
  const list: Command[] = [];
  const deleteRule = def.delete === false ? undefined : (def.delete ?? (() => ok));

  if (def.show && ROUTES_BY_ID.has(`${def.resource}.show`)) {
    list.push({
      id: `${def.resource}.show`,
      title: 'commands.row.show',
      group,
      roles: ROUTES_BY_ID.get(`${def.resource}.show`)!.roles,
      scope: scope('row'),
      when: (ctx) => (rowOf(ctx, def.resource) ? ok : { hidden: true }),
      run: (ctx) => ctx.navigate(routePath(`${def.resource}.show`, { id: rowOf<Row>(ctx, def.resource)!.id })),
    });
  }
  if (def.edit !== false && ROUTES_BY_ID.has(`${def.resource}.edit`)) {
    const rule = def.edit ?? (() => ok);
    list.push({
      id: `${def.resource}.edit`,
      title: 'commands.row.edit',
      group,
      roles: ROUTES_BY_ID.get(`${def.resource}.edit`)!.roles ?? def.roles,
      scope: scope('row'),
      when: (ctx) => {
        const row = rowOf<Row>(ctx, def.resource);
        return row ? rule(row) : { hidden: true };
      },
      run: (ctx) => ctx.navigate(routePath(`${def.resource}.edit`, { id: rowOf<Row>(ctx, def.resource)!.id })),
    });
  }
  if (deleteRule) {
    const remove = async (ctx: CommandContext, rows: Row[]) => {
      if (!(await ctx.services.confirm(ctx.t('form.delete_confirmation'), { confirmLabel: 'form.delete', danger: true }))) return false;
      try {
        // One record: the spec's DELETE. Several: one all-or-none request, never a half-done loop.
        if (rows.length === 1) await api.delete(`${def.api}/${rows[0].id}`);
        else await api.post(`${def.api}/delete`, { ids: rows.map((r) => r.id) });
        if (def.deleted) ctx.services.notify('success', ctx.t(def.deleted));
        return true;
      } catch (error) {
        ctx.services.notify('error', deleteFailureMessage(ctx, error));
        return false;
      } finally {
        ctx.services.invalidate(def.api);
      }
    };
    list.push({
      id: `${def.resource}.delete`,
      title: 'commands.row.delete',
      group,
      roles: def.roles,
      scope: scope('row'),
      when: (ctx) => {
        const row = rowOf<Row>(ctx, def.resource);
        return row ? deleteRule(row) : { hidden: true };
      },
      run: async (ctx) => {
        await remove(ctx, [rowOf<Row>(ctx, def.resource)!]);
      },
    });
    // On an edit page: delete the record being edited and go back to the list.
    if (ROUTES_BY_ID.has(`${def.resource}.edit`) && ROUTES_BY_ID.has(`${def.resource}.list`)) {
      list.push({
        id: `${def.resource}.delete_current`,
        title: 'commands.row.delete_current',
        group,
        roles: def.roles,
        when: (ctx) => {
          if (ctx.entity?.resource !== def.resource) return { hidden: true };
          return deleteRule(ctx.entity.record as Row);
        },
        run: async (ctx) => {
          const record = ctx.entity!.record as Row;
          if (await remove(ctx, [record])) ctx.navigate(def.listPathOf ? def.listPathOf(record) : routePath(`${def.resource}.list`));
        },
      });
    }
    if (def.bulkDelete) {
      list.push({
        id: `${def.resource}.delete_selected`,
        title: 'commands.row.delete_selected',
        group,
        roles: def.roles,
        scope: scope('bulk'),
        when: (ctx) => {
          // Elsewhere than a list of this resource (the palette on another page) it does not exist.
          if (ctx.selection?.resource !== def.resource) return { hidden: true };
          const rows = rowsOf<Row>(ctx, def.resource);
          if (rows.length === 0) return { enabled: false, reason: 'commands.reasons.nothing_selected' };
          const refused = rows.map((r) => deleteRule(r)).find((a) => !('enabled' in a && a.enabled));
          return refused && 'reason' in refused ? refused : refused ? { enabled: false, reason: 'commands.reasons.not_deletable' } : ok;
        },
        run: async (ctx) => {
          await remove(ctx, rowsOf<Row>(ctx, def.resource));
        },
      });
    }
  }
  for (const action of def.actions ?? []) list.push(...actionCommands(def, action));
  return list;
}

/** A transition as a row command and, with `bulk`, as one all-or-none request for the selection. */
function actionCommands<Row extends { id: number | string }>(def: ResourceCommandsDef<Row>, action: ResourceAction<Row>): Command[] {
  const group = 'commands.groups.actions';
  const perform = async (ctx: CommandContext, count: number, request: () => Promise<unknown>) => {
    if (action.confirm && !(await ctx.services.confirm(ctx.t(action.confirm, { count }), { confirmLabel: action.bulkTitle && count > 1 ? action.bulkTitle : action.title }))) return;
    try {
      await request();
      ctx.services.notify('success', ctx.t(action.done, { count }));
    } catch (error) {
      const reason = deleteFailureMessage(ctx, error);
      ctx.services.notify('error', action.failed ? `${ctx.t(action.failed)}: ${reason}` : reason);
    } finally {
      ctx.services.invalidate(def.api);
    }
  };
  const target = (ctx: CommandContext): Row | undefined =>
    rowOf<Row>(ctx, def.resource) ?? (action.onRecordPage && ctx.entity?.resource === def.resource ? (ctx.entity.record as unknown as Row) : undefined);
  const commands: Command[] = [
    {
      id: `${def.resource}.${action.name}`,
      title: action.title,
      group,
      roles: action.roles ?? def.roles,
      scope: { resource: def.resource, kind: 'row', onRecordPage: action.onRecordPage },
      when: (ctx) => {
        const row = target(ctx);
        return row ? action.when(row) : { hidden: true };
      },
      run: (ctx) => perform(ctx, 1, () => api.post(`${def.api}/${target(ctx)!.id}/${action.name}`)),
    },
  ];
  if (action.bulk) {
    commands.push({
      id: `${def.resource}.${action.name}_selected`,
      title: action.bulkTitle ?? action.title,
      group,
      roles: action.roles ?? def.roles,
      hotkey: action.bulkHotkey,
      scope: { resource: def.resource, kind: 'bulk' },
      when: (ctx) => {
        if (ctx.selection?.resource !== def.resource) return { hidden: true };
        const rows = rowsOf<Row>(ctx, def.resource);
        if (rows.length === 0) return { enabled: false, reason: 'commands.reasons.nothing_selected' };
        // Enabled only when every selected row may take it (spec 3: bulk actions need the flag on every row).
        const when = action.bulkWhen ?? action.when;
        return rows.map((r) => when(r)).find((a) => !('enabled' in a && a.enabled)) ?? ok;
      },
      run: (ctx) => {
        const rows = rowsOf<Row>(ctx, def.resource);
        return perform(ctx, rows.length, () => api.post(`${def.api}/${action.name}`, { ids: rows.map((r) => r.id) }));
      },
    });
  }
  return commands;
}
