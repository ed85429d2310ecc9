import type { ComponentType } from 'react';
import type { RouteDef } from '../route-table';
import { banksScreens } from './banks';
import { categoriesScreens } from './categories';
import { contentOwnersScreens } from './content-owners';
import { currencyRatesScreens } from './currency-rates';
import { organizationsScreens } from './organizations';
import { tagsScreens } from './tags';
import { usersScreens } from './users';
import { vendorsScreens } from './vendors';
import { vatRatesScreens } from './vat-rates';
import { portalScreens } from './portal';
import { whitelistedChannelsScreens } from './whitelisted-channels';
import { revenueSourcesScreens } from './revenue-sources';
import { vendorFilesScreens } from './vendor-files';
import { contractsScreens } from './contracts';
import { payoutsScreens } from './payouts';
import { paymentsScreens } from './payments';
import { unallocatedRevenuesScreens } from './unallocated-revenues';
import { paymentBucketsScreens } from './payment-buckets';
import { financialReportsScreens } from './financial-reports';

/** What a screen receives: its route and the route's parameters. */
export interface ScreenProps {
  route: RouteDef;
  params: Record<string, string>;
}

/**
 * Screens by route id. Each area exports its screens (lazily, so its code loads when first used); a
 * route without a screen shows a placeholder frame that says the area is not built yet.
 */
export const screens: Record<string, ComponentType<ScreenProps>> = {
  ...banksScreens,
  ...categoriesScreens,
  ...contentOwnersScreens,
  ...currencyRatesScreens,
  ...organizationsScreens,
  ...tagsScreens,
  ...usersScreens,
  ...vendorsScreens,
  ...vatRatesScreens,
  ...portalScreens,
  ...whitelistedChannelsScreens,
  ...revenueSourcesScreens,
  ...vendorFilesScreens,
  ...contractsScreens,
  ...payoutsScreens,
  ...paymentsScreens,
  ...unallocatedRevenuesScreens,
  ...paymentBucketsScreens,
  ...financialReportsScreens,
};
