import type { Lookup } from './lookups';
import { resourceCommands } from './resource';
import type { Command } from './types';

/** VAT rates (spec 1, 2.13): edit and delete per row, delete on the edit page. */
export const vatRatesCommands: Command[] = resourceCommands<{ id: number }>({ resource: 'vat_rates', api: '/api/vat_rates', roles: ['admin'], deleted: 'vat_rates.deleted' });
export const vatRatesLookups: Lookup[] = [];
