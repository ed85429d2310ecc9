import { css } from 'styled-system/css';
import type { Payout } from '../../../shared/entities/payout';
import { formatDisplayMonth } from '../../kit/fields/dates';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { useT } from '../../lib/i18n';
import { PayoutTypes } from './payout-types';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { payoutsList } from '../../../shared/lists/payouts';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });

function JobsCell({ payout }: { payout: Payout }) {
  const t = useT();
  return <span className={muted}>{payout.jobs_pending ? t('payouts.jobs_running') : ''}</span>;
}

const columns: Column<Payout>[] = listColumns(payoutsList, [
  { id: 'id', header: 'payouts.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'month', header: 'payouts.fields.month', rowHeader: true, width: 110, grow: 0, cell: (p) => formatDisplayMonth(p.month) },
  { id: 'label', header: 'payouts.fields.label', width: 200, grow: 2, cell: (p) => p.label ?? '' },
  { id: 'payout_types', header: 'payouts.fields.payout_types', width: 160, grow: 1, cell: (p) => <PayoutTypes types={p.payout_types} /> },
  { id: 'files', header: 'payouts.fields.files_count', width: 80, grow: 0, align: 'end', cell: (p) => String(p.files?.length ?? 0) },
  { id: 'jobs_pending', header: 'payouts.fields.jobs_pending', width: 140, grow: 0, cell: (p) => <JobsCell payout={p} /> },
  { id: 'created_at', header: 'payouts.fields.created_at', width: 180, grow: 0, cell: (p) => <Timestamp value={p.created_at} /> },
]);

const filters = listFilters(payoutsList, [{ kind: 'month', name: 'month', label: 'payouts.fields.month' }]);
const defaults: ListDefaults = { sort_by: 'month', sort_direction: 'desc' };

/** /payouts (spec 3, 2.3): the payouts by month, the month filter, new, and Enter opens a payout. */
export default function PayoutsList() {
  return (
    <ListScreen<Payout>
      title="payouts.title"
      path="/api/payouts"
      resource="payouts"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.payouts.new"
      openCommand="payouts.show"
    />
  );
}
