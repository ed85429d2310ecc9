import type { DemoSeed } from './index.js';
import { demoContracts } from './contracts.js';
import { demoDebtorAccounts } from './debtor-accounts.js';
import { demoPaymentBuckets } from './payment-buckets.js';
import { demoPayments } from './payments.js';
import { demoPayouts } from './payouts.js';
import { demoPortal } from './portal.js';
import { demoReferenceData } from './reference.js';
import { demoRevenueSources } from './revenue-sources.js';
import { demoUsers } from './users.js';
import { demoVendors } from './vendors.js';

/** The demo data set, in order. An area adds its seed here. */
export const seeds: DemoSeed[] = [demoUsers, demoReferenceData, demoPortal, demoRevenueSources, demoVendors, demoContracts, demoPayouts, demoPayments, demoPaymentBuckets, demoDebtorAccounts];
