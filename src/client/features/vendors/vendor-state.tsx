import { StateChip } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import type { Vendor } from './vendor';

/**
 * The vendor's state chip (spec 2, 4): info for new, success for confirmed, warning with a pending
 * icon while a change request keeps it read-only (unless it is inactive).
 */
export function VendorState({ vendor }: { vendor: Pick<Vendor, 'state' | 'readonly' | 'inactive'> }) {
  const t = useT();
  if (vendor.readonly && !vendor.inactive) {
    return (
      <StateChip tone="warning" icon="⏳">
        {t('vendors.states.change_request')}
      </StateChip>
    );
  }
  return <StateChip tone={vendor.state === 'confirmed' ? 'success' : 'info'}>{t(`vendors.states.${vendor.state}`)}</StateChip>;
}
