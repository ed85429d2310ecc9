import type { FastifyInstance } from 'fastify';
import { validateCurrencyRate, type CurrencyRateInput } from '../../../shared/validation/currency-rates.js';
import type { AppContext } from '../../context.js';
import { byIds, resourceRoutes, valid } from '../../http/resource.js';
import { registerAuditedType } from '../audit/routes.js';
import { CURRENCY_CODES } from '../config/reference.js';
import './tables.js';
import { listSource } from '../../http/list-source.js';
import { currencyRatesList } from '../../../shared/lists/currency-rates.js';

const ROLES = ['admin'];

export interface CurrencyRateEntity {
  id: number;
  date: string;
  base_currency: string;
  target_currency: string;
  rate: string;
  payout_id: number | null;
  created_at: Date;
}

const DUPLICATE = { target_currency: ['already_used'] };

/** The currency rates list: the columns of the sorts and filters `shared/lists/currency-rates.ts` names. */
export const CURRENCY_RATE_LIST = listSource(currencyRatesList, {
  from: (db) => db.selectFrom('currency_rates').select('currency_rates.id'),
  tieBreaker: 'currency_rates.id',
  sort: {
    id: 'currency_rates.id',
    date: 'currency_rates.date',
    base_currency: 'currency_rates.base_currency',
    target_currency: 'currency_rates.target_currency',
    rate: 'currency_rates.rate',
    payout_id: { column: 'currency_rates.payout_id', nullable: true },
    created_at: 'currency_rates.created_at',
  },
  defaultSort: { column: 'date', direction: 'desc' },
  filters: {
    date: 'currency_rates.date',
    base_currency: 'currency_rates.base_currency',
    target_currency: 'currency_rates.target_currency',
    payout_id: 'currency_rates.payout_id',
  },
  search: ['currency_rates.base_currency', 'currency_rates.target_currency'],
});

/** /api/currency_rates (spec 1, 2.9, 7.3). Rates of a payout are listed here too, with their payout_id. */
export function currencyRateRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuditedType('CurrencyRate', ROLES);
  resourceRoutes<CurrencyRateEntity, CurrencyRateInput>(app, ctx, {
    base: '/api/currency_rates',
    name: 'currency_rate',
    table: 'currency_rates',
    auditType: 'CurrencyRate',
    roles: ROLES,
    list: CURRENCY_RATE_LIST,
    load: (db, ids) =>
      byIds(ids, (list) =>
        db
          .selectFrom('currency_rates')
          .select(['id', 'date', 'base_currency', 'target_currency', 'rate', 'payout_id', 'created_at'])
          .where('id', 'in', list)
          .execute(),
      ),
    parse: (payload) => valid(validateCurrencyRate(payload, CURRENCY_CODES)),
    create: async ({ trx }, input) => (await trx.insertInto('currency_rates').values(input).returning('id').executeTakeFirstOrThrow()).id,
    update: async ({ trx }, current, input) => {
      await trx.updateTable('currency_rates').set(input).where('id', '=', current.id).execute();
    },
    destroy: async ({ trx }, current) => {
      await trx.deleteFrom('currency_rates').where('id', '=', current.id).execute();
    },
    constraints: {
      currency_rates_date_pair_key: DUPLICATE,
      currency_rates_payout_pair_key: DUPLICATE,
      currency_rates_distinct_currencies: { target_currency: ['invalid'] },
    },
  });
}
