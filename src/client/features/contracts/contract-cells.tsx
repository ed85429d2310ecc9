import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import { ChipList } from '../../kit/chip-list';
import { languageAtom, useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { Contract } from './contract';
import { revenueShareText } from './revenue-share-text';

const lines = css({
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
});

const sourceName = (s: Contract['revenue_sources'][number]) => s.name || s.reference_id;

/**
 * Revenue sources as chips: the first three, then "+N" that opens a popover naming the rest (spec 2, 2).
 * The grid's cursor moving to the cell focuses "+N" (Enter or Space opens it); the whole list is also
 * read out, and shown in the details pane beside the list.
 */
export function RevenueSourceChips({ contract }: { contract: Pick<Contract, 'revenue_sources'> }) {
  const t = useT();
  const names = contract.revenue_sources.map(sourceName);
  return <ChipList names={names} label={t('contracts.sources_label')} readOut={t('contracts.sources_read_out', { count: names.length, names: names.join(', ') })} />;
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
