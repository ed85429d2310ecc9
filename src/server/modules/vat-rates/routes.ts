import type { FastifyInstance } from 'fastify';
import { validateVatRate, type VatRateInput } from '../../../shared/validation/vat-rates.js';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { COUNTRY_CODES, type InitData } from '../config/reference.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { vatRatesList } from '../../../shared/lists/vat-rates.js';

const ROLES = ['admin'];

export interface VatRateEntity {
  id: number;
  country_code: string;
  rate: string;
  created_at: Date;
}

/** Each country's rates in the init data, for the VAT percentage options of vendors' tax forms. */
export async function vatRatesInitData(db: Db, data: InitData): Promise<void> {
  const rates = await db.selectFrom('vat_rates').select(['id', 'country_code', 'rate']).orderBy('country_code').orderBy('rate', 'desc').execute();
  const byCountry = new Map(data.countries.map((c) => [c.code, c]));
  for (const r of rates) byCountry.get(r.country_code)?.vat_rates.push({ id: r.id, rate: r.rate });
}

/** The VAT rates list: the columns of the sorts and filters `shared/lists/vat-rates.ts` names. */
export const VAT_RATE_LIST = listSource(vatRatesList, {
  from: (db) => db.selectFrom('vat_rates').select('vat_rates.id'),
  tieBreaker: 'vat_rates.id',
  sort: { id: 'vat_rates.id', country_code: 'vat_rates.country_code', rate: 'vat_rates.rate', created_at: 'vat_rates.created_at' },
  defaultSort: { column: 'country_code', direction: 'asc' },
  filters: { country_code: 'vat_rates.country_code' },
  search: ['vat_rates.country_code'],
});

/** /api/vat_rates (spec 1, 2.13, 7.3). */
export function vatRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('VatRate', ROLES);
  resourceRoutes<VatRateEntity, VatRateInput>(app, ctx, {
    base: '/api/vat_rates',
    name: 'vat_rate',
    table: 'vat_rates',
    auditType: 'VatRate',
    roles: ROLES,
    list: VAT_RATE_LIST,
    load: (db, ids) =>
      byIds(ids, (list) => db.selectFrom('vat_rates').select(['id', 'country_code', 'rate', 'created_at']).where('id', 'in', list).execute()),
    parse: (payload) => valid(validateVatRate(payload, COUNTRY_CODES)),
    create: async ({ trx }, input) => (await trx.insertInto('vat_rates').values(input).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('vat_rates').set(input).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('vat_rates').where('id', '=', current.id).execute();
    },
    constraints: { vat_rates_country_rate_key: { rate: ['already_used'] } },
  });
}
