import { routePath } from '../../route-table';

/** The payout's tabs (spec 3, 2.3): files has no suffix; each tab is a route of its own. */
export const PAYOUT_TABS = [
  { tab: undefined, label: 'payouts.tabs.files' },
  { tab: 'revenues', label: 'payouts.tabs.revenues' },
  { tab: 'revenues-without-contracts', label: 'payouts.tabs.revenues_without_contracts' },
  { tab: 'currency-rates', label: 'payouts.tabs.currency_rates' },
  { tab: 'payments', label: 'payouts.tabs.payments' },
] as const;

export type PayoutTab = (typeof PAYOUT_TABS)[number]['tab'];

export function payoutTabPath(id: number | string, tab?: PayoutTab): string {
  return routePath('payouts.show', tab ? { id, tab } : { id });
}
