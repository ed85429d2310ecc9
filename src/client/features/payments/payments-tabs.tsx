import { RouteTabs } from '../../kit/route-tabs';
import { routePath } from '../../route-table';

/** Spec 3, 2.1: /payments has two tabs, Payments and Payment buckets, each a route of its own. */
export function PaymentsTabs() {
  return (
    <RouteTabs
      label="payments.tabs.label"
      tabs={[
        { href: routePath('payments.list'), label: 'payments.tabs.payments' },
        { href: routePath('payment_buckets.list'), label: 'payments.tabs.payment_buckets' },
      ]}
    />
  );
}
