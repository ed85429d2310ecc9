import { registerLookups } from './lookups';
import { navigationCommands } from './navigation';
import { registerCommands } from './registry';
import { shellCommands } from './shell';
import { banksCommands, banksLookups } from './banks';
import { categoriesCommands, categoriesLookups } from './categories';
import { contentOwnersCommands, contentOwnersLookups } from './content-owners';
import { currencyRatesCommands, currencyRatesLookups } from './currency-rates';
import { organizationsCommands, organizationsLookups } from './organizations';
import { tagsCommands, tagsLookups } from './tags';
import { usersCommands, usersLookups } from './users';
import { vendorsCommands, vendorsLookups } from './vendors';
import { vatRatesCommands, vatRatesLookups } from './vat-rates';
import { portalCommands, portalLookups } from './portal';
import { whitelistedChannelsCommands, whitelistedChannelsLookups } from './whitelisted-channels';
import { revenueSourcesCommands, revenueSourcesLookups } from './revenue-sources';
import { vendorFilesCommands, vendorFilesLookups } from './vendor-files';
import { contractsCommands, contractsLookups } from './contracts';
import { payoutsCommands, payoutsLookups } from './payouts';
import { paymentsCommands, paymentsLookups } from './payments';
import { unallocatedRevenuesCommands, unallocatedRevenuesLookups } from './unallocated-revenues';
import { paymentBucketsCommands, paymentBucketsLookups } from './payment-buckets';
import { financialReportsCommands, financialReportsLookups } from './financial-reports';
import { paymentStatementsCommands, paymentStatementsLookups } from './payment-statements';

let registered = false;

/** Registers every area's commands and record lookups once. An area adds its lists here. */
export function registerAllCommands(): void {
  if (registered) return;
  registered = true;
  registerCommands([
    ...navigationCommands,
    ...shellCommands,
    ...banksCommands,
    ...categoriesCommands,
    ...contentOwnersCommands,
    ...currencyRatesCommands,
    ...organizationsCommands,
    ...tagsCommands,
    ...usersCommands,
    ...vendorsCommands,
    ...vatRatesCommands,
    ...portalCommands,
    ...whitelistedChannelsCommands,
    ...revenueSourcesCommands,
    ...vendorFilesCommands,
    ...contractsCommands,
    ...payoutsCommands,
    ...paymentsCommands,
    ...unallocatedRevenuesCommands,
    ...paymentBucketsCommands,
    ...financialReportsCommands,
    ...paymentStatementsCommands,
  ]);
  // The kinds of a million records first: the palette asks the lookups in this order, three at a time,
  // and shows their groups in it (issue 27).
  registerLookups([
    ...paymentsLookups,
    ...vendorsLookups,
    ...contractsLookups,
    ...banksLookups,
    ...categoriesLookups,
    ...contentOwnersLookups,
    ...currencyRatesLookups,
    ...organizationsLookups,
    ...tagsLookups,
    ...usersLookups,
    ...vatRatesLookups,
    ...portalLookups,
    ...whitelistedChannelsLookups,
    ...revenueSourcesLookups,
    ...vendorFilesLookups,
    ...payoutsLookups,
    ...unallocatedRevenuesLookups,
    ...paymentBucketsLookups,
    ...financialReportsLookups,
    ...paymentStatementsLookups,
  ]);
}
