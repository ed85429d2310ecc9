import type { Lookup } from './lookups';
import { resourceCommands } from './resource';
import type { Command } from './types';

/** Currency rates (spec 1, 2.9): edit and delete per row, delete on the edit page. */
export const currencyRatesCommands: Command[] = resourceCommands<{ id: number }>({
  resource: 'currency_rates',
  api: '/api/currency_rates',
  roles: ['admin'],
  deleted: 'currency_rates.deleted',
});
export const currencyRatesLookups: Lookup[] = [];
