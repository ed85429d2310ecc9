import type { FastifyInstance } from 'fastify';
import { validateBank, type BankInput } from '../../../shared/validation/banks.js';
import { orNull } from '../../../shared/validation/fields.js';
import type { AppContext } from '../../context.js';
import { lookupRoute, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { COUNTRY_CODES } from '../config/reference.js';
import { type BankEntity, loadBanks, lookupBanks } from './queries.js';
import { listSource } from '../../http/list-source.js';
import { banksList } from '../../../shared/lists/banks.js';

const ROLES = ['admin'];

const row = (input: BankInput) => ({ ...input, bic: orNull(input.bic)?.trim().toUpperCase() ?? null });

/** The banks list's sorts, filters and search (each served by an index: migrations 0007, 0036). */
export const BANK_LIST = listSource(banksList, {
  from: (db) => db.selectFrom('banks').select('banks.id'),
  tieBreaker: 'banks.id',
  sort: {
    id: 'banks.id',
    name: 'banks.name',
    country_code: 'banks.country_code',
    bic: { column: 'banks.bic', nullable: true },
    bank_key: 'banks.bank_key',
    created_at: 'banks.created_at',
  },
  defaultSort: { column: 'name', direction: 'asc' },
  filters: {
    country_code: 'banks.country_code',
    name: 'banks.name',
  },
  search: ['banks.name', 'banks.bic', 'banks.bank_key', 'banks.city'],
});

/** /api/banks (spec 1, 2.6, 7.3). The lookup serves the bank picker of vendor forms, so any signed-in user. */
export function bankRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('Bank', ROLES);
  lookupRoute(app, '/api/banks/lookup', [], ({ like, limit }) => lookupBanks(ctx.db, like, limit));
  resourceRoutes<BankEntity, BankInput>(app, ctx, {
    base: '/api/banks',
    name: 'bank',
    table: 'banks',
    auditType: 'Bank',
    roles: ROLES,
    list: BANK_LIST,
    load: (db, ids) => loadBanks(db, ids),
    parse: (payload) => valid(validateBank(payload, COUNTRY_CODES)),
    create: async ({ trx }, input) => (await trx.insertInto('banks').values(row(input)).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('banks').set(row(input)).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('banks').where('id', '=', current.id).execute();
    },
    auditIgnore: ['full_address'],
    bulkDelete: true,
  });
}
