import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { languageAtom, useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { Contract } from './contract';
import { revenueShareText } from './revenue-share-text';

const chips = css({ display: 'flex', gap: '1', minW: 0, overflow: 'hidden' });
const chip = css({
  px: '2',
  h: '20px',
  display: 'inline-flex',
  alignItems: 'center',
  borderRadius: 'full',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border',
  fontSize: 'xs',
  whiteSpace: 'nowrap',
  maxW: '160px',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  flexShrink: 0,
});
const more = css({
  fontSize: 'xs',
  color: 'fg.muted',
  whiteSpace: 'nowrap',
  alignSelf: 'center',
});
const lines = css({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

const sourceName = (s: Contract['revenue_sources'][number]) => s.name || s.reference_id;

/**
 * Revenue sources as chips: the first three, then "+N" whose tooltip names the rest (spec 2, 2). The
 * whole list is also read out and shown in the details pane beside the list, where it is reachable
 * from the keyboard (a grid cell holds one tab stop).
 */
export function RevenueSourceChips({ contract }: { contract: Pick<Contract, 'revenue_sources'> }) {
  const t = useT();
  const all = contract.revenue_sources;
  const rest = all.slice(3);
  return (
    <span className={chips}>
      {all.slice(0, 3).map((s) => (
        <span key={s.id} className={chip} title={sourceName(s)} aria-hidden="true">
          {sourceName(s)}
        </span>
      ))}
      {rest.length > 0 && (
        <span className={more} title={rest.map(sourceName).join('\n')} aria-hidden="true">
          +{rest.length}
        </span>
      )}
      <span className="sr-only">
        {t('contracts.sources_read_out', {
          count: all.length,
          names: all.map(sourceName).join(', '),
        })}
      </span>
    </span>
  );
}

/** The contract's vendors, each a link to its details (spec 2, 2). */
export function VendorLinks({ contract }: { contract: Pick<Contract, 'contract_vendors'> }) {
  return (
    <span className={lines}>
      {contract.contract_vendors.map((cv, i) => (
        <span key={cv.id}>
          {i > 0 && ', '}
          <Link href={routePath('vendors.show', { id: cv.vendor_id })} tabIndex={-1}>
            {cv.vendor.name}
          </Link>
        </span>
      ))}
    </span>
  );
}

/** The shares, one per type, in the spec's display. */
export function RevenueSharesText({ contract }: { contract: Pick<Contract, 'revenue_shares' | 'currency'> }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const text = contract.revenue_shares.map((s) => revenueShareText(s, contract.currency, t, lng));
  return (
    <span className={lines} title={text.join('\n')}>
      {text.join('; ')}
    </span>
  );
}
