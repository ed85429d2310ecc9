import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command } from './types';

const ROLES = ['admin'];

interface BankRow {
  id: number;
  name: string;
  city: string;
  country_code: string;
  bic: string | null;
}

/** Banks (spec 1, 2.6): edit and delete per row, delete of the selection, delete on the edit page. */
export const banksCommands: Command[] = resourceCommands<BankRow>({ resource: 'banks', api: '/api/banks', roles: ROLES, deleted: 'banks.deleted', bulkDelete: true });

/** The palette finds banks by name, BIC, bank key or city and opens the edit page. */
export const banksLookups: Lookup[] = [
  recordLookup<BankRow>({
    id: 'banks',
    title: 'banks.title',
    roles: ROLES,
    path: '/api/banks/lookup',
    label: (bank) => bank.name,
    detail: (bank) => [bank.bic, bank.city, bank.country_code].filter(Boolean).join(' · '),
    href: (id) => routePath('banks.edit', { id }),
  }),
];
