import { describe, expect, it } from 'vitest';
import { ValidationFailed } from '../../src/server/http/errors.js';
import { parseListQuery, type ListSpec } from '../../src/server/http/list-query.js';
import { AUDIT_LIST } from '../../src/server/modules/audit/routes.js';
import { BANK_LIST } from '../../src/server/modules/banks/routes.js';
import { CATEGORY_LIST } from '../../src/server/modules/categories/routes.js';
import { CONTENT_OWNER_LIST } from '../../src/server/modules/content-owners/routes.js';
import { CONTRACT_LIST } from '../../src/server/modules/contracts/routes.js';
import { CURRENCY_RATE_LIST } from '../../src/server/modules/currency-rates/routes.js';
import { ORGANIZATION_LIST } from '../../src/server/modules/organizations/routes.js';
import { PAYMENT_BUCKET_LIST } from '../../src/server/modules/payment-buckets/routes.js';
import { PAYMENT_LIST } from '../../src/server/modules/payments/routes.js';
import { PAYOUT_LIST } from '../../src/server/modules/payouts/routes.js';
import { UNALLOCATED_LIST } from '../../src/server/modules/payouts/unallocated-routes.js';
import { PORTAL_FAQ_LIST } from '../../src/server/modules/portal/faqs.js';
import { PORTAL_PAGE_LIST } from '../../src/server/modules/portal/pages.js';
import { PORTAL_SECTION_LIST } from '../../src/server/modules/portal/sections.js';
import { REVENUE_SOURCE_LIST } from '../../src/server/modules/revenue-sources/routes.js';
import { TAG_LIST } from '../../src/server/modules/tags/routes.js';
import { USER_LIST } from '../../src/server/modules/users/routes.js';
import { VAT_RATE_LIST } from '../../src/server/modules/vat-rates/routes.js';
import { VENDOR_FILE_LIST } from '../../src/server/modules/vendor-files/routes.js';
import { VENDOR_LIST } from '../../src/server/modules/vendors/routes.js';
import { BALANCE_ENTRIES_LIST } from '../../src/server/modules/vendors/balance-routes.js';
import { WHITELISTED_CHANNEL_LIST } from '../../src/server/modules/whitelisted-channels/routes.js';
import type { ListDecl } from '../../src/shared/lists/define-list.js';

/**
 * The types make each server list map exactly its shared list's names; what they cannot see: a shared
 * list no server list reads, a cast or spread that drops a name, a declaration that repeats a name, and
 * whether the declared kinds and values reach the server's parsing.
 */

// Every export of src/shared/lists, by file and name.
const modules = import.meta.glob<Record<string, unknown>>('../../src/shared/lists/*.ts', { eager: true });
const declared = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([, value]) => typeof value === 'object' && value !== null && 'sorts' in value)
    .map(([name, value]) => ({ id: `${file.split('/').pop()}:${name}`, list: value as ListDecl })),
);

const SERVER: Record<string, ListSpec> = {
  'audit.ts:auditList': AUDIT_LIST,
  'balance-entries.ts:balanceEntriesList': BALANCE_ENTRIES_LIST as ListSpec,
  'banks.ts:banksList': BANK_LIST,
  'categories.ts:categoriesList': CATEGORY_LIST,
  'content-owners.ts:contentOwnersList': CONTENT_OWNER_LIST,
  'contracts.ts:contractsList': CONTRACT_LIST,
  'currency-rates.ts:currencyRatesList': CURRENCY_RATE_LIST,
  'organizations.ts:organizationsList': ORGANIZATION_LIST,
  'payment-buckets.ts:paymentBucketsList': PAYMENT_BUCKET_LIST,
  'payments.ts:paymentsList': PAYMENT_LIST,
  'payouts.ts:payoutsList': PAYOUT_LIST,
  'payouts.ts:unallocatedRevenuesList': UNALLOCATED_LIST,
  'portal.ts:portalFaqsList': PORTAL_FAQ_LIST,
  'portal.ts:portalPagesList': PORTAL_PAGE_LIST,
  'portal.ts:portalSectionsList': PORTAL_SECTION_LIST,
  'revenue-sources.ts:revenueSourcesList': REVENUE_SOURCE_LIST,
  'tags.ts:tagsList': TAG_LIST,
  'users.ts:usersList': USER_LIST,
  'vat-rates.ts:vatRatesList': VAT_RATE_LIST,
  'vendor-files.ts:vendorFilesList': VENDOR_FILE_LIST,
  'vendors.ts:vendorsList': VENDOR_LIST,
  'whitelisted-channels.ts:whitelistedChannelsList': WHITELISTED_CHANNEL_LIST,
};

const sorted = (names: Iterable<string>) => [...names].sort();

function refusal(query: Record<string, unknown>, spec: ListSpec): unknown {
  try {
    parseListQuery(query, spec);
  } catch (error) {
    if (error instanceof ValidationFailed) return error.errors;
    throw error;
  }
  return undefined;
}

describe('shared lists', () => {
  it('are each read by one server list', () => {
    expect(sorted(declared.map((d) => d.id))).toEqual(sorted(Object.keys(SERVER)));
  });

  describe.each(declared)('$id', ({ id, list }) => {
    const spec = SERVER[id];

    it('names each sort and filter once, and each allowed value once', () => {
      expect(new Set(list.sorts).size).toBe(list.sorts.length);
      for (const filter of Object.values(list.filters)) {
        if (!filter.values) continue;
        expect(filter.values.length).toBeGreaterThan(0);
        expect(new Set(filter.values).size).toBe(filter.values.length);
      }
    });

    it('is what the server sorts and filters by, with the declared kinds and values', () => {
      expect(sorted(Object.keys(spec.sort))).toEqual(sorted(list.sorts));
      expect(list.sorts).toContain(spec.defaultSort.column);
      expect(sorted(Object.keys(spec.filters ?? {}))).toEqual(sorted(Object.keys(list.filters)));
      for (const [name, filter] of Object.entries(list.filters)) {
        expect({ name, kind: spec.filters![name].kind, values: spec.filters![name].values }).toEqual({ name, kind: filter.kind, values: filter.values });
      }
    });

    it('is what the server accepts: every declared sort, no other, and only the allowed values', () => {
      for (const sort of list.sorts) expect(refusal({ sort_by: sort }, spec)).toBeUndefined();
      expect(refusal({ sort_by: 'not_declared' }, spec)).toEqual({ sort_by: ['invalid'] });
      expect(refusal({ filter: { not_declared: '1' } }, spec)).toEqual({ 'filter[not_declared]': ['invalid'] });
      for (const [name, filter] of Object.entries(list.filters)) {
        if (!filter.values) continue;
        expect(refusal({ filter: { [name]: filter.values[0] } }, spec)).toBeUndefined();
        expect(refusal({ filter: { [name]: 'not a value' } }, spec)).toEqual({ [`filter[${name}]`]: ['invalid'] });
      }
    });
  });
});
