import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { UnallocatedRevenue } from '../../../shared/entities/payout';
import { UNALLOCATED_REVENUE_TYPES } from '../../../shared/validation/payouts';
import { useInitData } from '../../api/init-data';
import { CommandButton, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import { useT } from '../../lib/i18n';
import { Money } from '../payouts/money-cell';
import { AllocateDialog } from './allocate-dialog';
import { unallocatedDefaults } from './list-defaults';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { unallocatedRevenuesList } from '../../../shared/lists/payouts';

const R = 'unallocated_revenues';
const mono = css({ fontFamily: 'mono', fontSize: 'xs' });
const muted = css({ color: 'fg.muted', fontSize: 'xs' });

function RevenueType({ type }: { type: string }) {
  const t = useT();
  return <>{t(`unallocated_revenues.revenue_types.${type}`)}</>;
}

const columns: Column<UnallocatedRevenue>[] = listColumns(unallocatedRevenuesList, [
  {
    id: 'content_owner',
    header: `${R}.fields.content_owner`,
    rowHeader: true,
    width: 180,
    grow: 1,
    cell: (r) => (
      <>
        <span>{r.content_owner_name ?? ''}</span> <span className={muted}>{r.content_owner_reference ?? ''}</span>
      </>
    ),
  },
  { id: 'revenue_type', header: `${R}.fields.revenue_type`, width: 140, grow: 0, cell: (r) => <RevenueType type={r.revenue_type} /> },
  { id: 'revenue', header: `${R}.fields.revenue`, width: 140, grow: 0, align: 'end', cell: (r) => <Money value={r.revenue} currency={r.currency} /> },
  {
    id: 'asset',
    header: `${R}.fields.asset`,
    width: 220,
    grow: 2,
    cell: (r) => <span className={mono}>{[r.claimed_asset_id, r.claimed_asset_type, r.claimed_asset_labels.join('; '), r.claimed_asset_custom_id].filter(Boolean).join(' · ')}</span>,
  },
  {
    id: 'claimed_channel_id',
    header: `${R}.fields.claimed_channel_id`,
    width: 220,
    grow: 1,
    // A report that names the channel without its id (ecommerce files of some versions) shows the name.
    cell: (r) => (
      <>
        <span className={mono}>{r.claimed_channel_id ?? ''}</span> <span className={muted}>{r.claimed_channel_name ?? ''}</span>
      </>
    ),
  },
  { id: 'claimed_video_id', header: `${R}.fields.claimed_video_id`, width: 130, grow: 0, cell: (r) => <span className={mono}>{r.claimed_video_id ?? ''}</span> },
]);

/**
 * /unallocated-revenues (spec 3, 2.5): the revenue rows no rule placed, filtered by month (default the
 * first of this month), revenue type and content owner; selectable rows, export of the filtered rows
 * and manual allocation of the selected ones to a revenue source.
 */
export default function UnallocatedRevenuesList() {
  const { content_owners } = useInitData();
  const defaults = useMemo(unallocatedDefaults, []);
  const filters = useMemo(
    () =>
      listFilters(unallocatedRevenuesList, [
        { kind: 'month', name: 'month', label: `${R}.fields.month` },
        { kind: 'select', name: 'revenue_type', label: `${R}.fields.revenue_type`, options: UNALLOCATED_REVENUE_TYPES.map((x) => ({ value: x, label: `${R}.revenue_types.${x}` })) },
        { kind: 'select', name: 'content_owner_id', label: `${R}.fields.content_owner`, options: content_owners.map((o) => ({ value: String(o.id), label: o.display_name })) },
      ]),
    [content_owners],
  );
  return (
    <>
      <ListScreen<UnallocatedRevenue>
        title={`${R}.title`}
        path="/api/unallocated_revenues"
        resource={R}
        columns={columns}
        filters={filters}
        defaults={defaults}
        selectable
        search={false}
        toolbar={<CommandButton command="unallocated_revenues.export" />}
      />
      <AllocateDialog />
    </>
  );
}
