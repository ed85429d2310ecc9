import { routePath } from '../src/client/route-table';
import type { Lookup } from './lookups';
import { recordLookup } from './record-lookup';
import { resourceCommands } from './resource';
import type { Command } from './types';

const ROLES = ['admin'];

interface OrganizationRow {
  id: number;
  name: string;
  number: string;
  city: string;
  country_code: string;
}

/** Organizations (spec 1, 2.10): edit and delete per row, delete on the edit page. */
export const organizationsCommands: Command[] = resourceCommands<OrganizationRow>({
  resource: 'organizations',
  api: '/api/organizations',
  roles: ROLES,
  deleted: 'organizations.deleted',
});

/** The palette finds organizations by name, number, city or country (the list's search) and opens the edit page. */
export const organizationsLookups: Lookup[] = [
  recordLookup<OrganizationRow>({
    id: 'organizations',
    title: 'organizations.title',
    roles: ROLES,
    path: '/api/organizations',
    label: (o) => o.name,
    detail: (o) => [o.number, o.city, o.country_code].filter(Boolean).join(' · '),
    href: (id) => routePath('organizations.edit', { id }),
  }),
];
