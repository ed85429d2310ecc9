import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';

/** The payout a rate belongs to (spec 1, 2.9): a link to its show page (Enter on the grid cell follows it). */
export function PayoutLink({ id }: { id: number }) {
  const t = useT();
  return (
    <Link href={routePath('payouts.show', { id })} tabIndex={-1}>
      {t('currency_rates.payout_link', { id })}
    </Link>
  );
}
