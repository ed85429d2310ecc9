import type { ContractLookup } from '../src/shared/entities/contract';
import type { Contract } from '../src/client/features/contracts/contract';
import { ROUTES_BY_ID, routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands, rowOf } from './resource';
import type { Availability, Command, CommandContext } from './types';

const RESOURCE = 'contracts';
const API = '/api/contracts';
const WRITE_ROLES = ['contracts'];
const ok: Availability = { enabled: true };
const group = 'commands.groups.actions';

type Row = Contract;

/** The contract of a row menu, or of the page (details, edit) the command runs on. */
export function contractOf(ctx: CommandContext): Row | undefined {
  return rowOf<Row>(ctx, RESOURCE) ?? (ctx.entity?.resource === RESOURCE ? (ctx.entity.record as unknown as Row) : undefined);
}

/** A command on one contract: a row menu's, and on the contract's own pages (details' menus, the palette). */
export function contractCommand(
  def: Omit<Command, 'group' | 'scope' | 'when' | 'run'> & { when(c: Row, ctx: CommandContext): Availability; run(ctx: CommandContext, c: Row): void | Promise<void> },
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

/** Edit (spec 2, 2): disabled unless the server calls the contract editable or final. */
export const editable = (c: Pick<Row, 'state_editable' | 'state_final'>): Availability =>
  c.state_editable || c.state_final ? ok : { enabled: false, reason: 'contracts.reasons.not_editable' };

/** Contracts (spec 2, 2 and 4): the row menu, the details' menus and the palette read these. */
export const contractsCommands: Command[] = [
  ...resourceCommands<Row>({
    resource: RESOURCE,
    api: API,
    roles: WRITE_ROLES,
    show: true,
    deleted: 'contracts.deleted',
    edit: editable,
    delete: (c) => (c.state_deletable ? ok : { enabled: false, reason: 'contracts.reasons.not_deletable' }),
  }),
  // "Create new contract" from this one (spec 2, 2): a new draft with its terms; needs an end of the active range.
  contractCommand({
    id: 'contracts.copy_as_new',
    title: 'contracts.commands.copy_as_new',
    roles: ROUTES_BY_ID.get('contracts.new')!.roles,
    when: (c) => (c.active_to ? ok : { enabled: false, reason: 'contracts.reasons.no_active_to' }),
    run: (ctx, c) => ctx.navigate(`${routePath('contracts.new')}?src_id=${c.id}`),
  }),
];

/** The palette finds contracts by id, vendor and organization (the lookup endpoint) and opens the details. */
export const contractsLookups: Lookup[] = [
  recordLookup<ContractLookup>({
    id: RESOURCE,
    title: 'contracts.title',
    roles: ROUTES_BY_ID.get('contracts.show')!.roles,
    path: `${API}/lookup`,
    label: (c) => c.label,
    detail: (c) => c.organization.name,
    href: (id) => routePath('contracts.show', { id }),
  }),
];
