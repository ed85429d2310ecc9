import { StateChip } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import type { Vendor } from './vendor';

/**
 * The vendor's state chip (spec 2, 4): info for new, success for confirmed, warning with a pending
 * icon while a change request keeps it read-only (unless it is inactive), or a change confirmed for a
 * later day waits for it.
 */
export function VendorState({ vendor }: { vendor: Pick<Vendor, 'state' | 'readonly' | 'inactive'> & { change_request_changes?: Vendor['change_request_changes'] } }) {
  const t = useT();
  if (vendor.readonly && !vendor.inactive) {
    const scheduled = vendor.change_request_changes?.agreement_status === 'confirmed';
    return (
      <StateChip tone="warning" icon="⏳">
        {t(scheduled ? 'vendors.states.change_scheduled' : 'vendors.states.change_request')}
      </StateChip>
    );
  }
  return <StateChip tone={vendor.state === 'confirmed' ? 'success' : 'info'}>{t(`vendors.states.${vendor.state}`)}</StateChip>;
}
