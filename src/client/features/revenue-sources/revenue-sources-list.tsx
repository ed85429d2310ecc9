import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { RouteTabs } from '../../kit/route-tabs';
import type { ScreenProps } from '../index';
import type { RevenueSource } from './revenue-source';
import { RevenueSourceDetails } from './revenue-source-details';
import { RiskChip } from './risk-chip';
import { LIST_ROUTES, TYPE_ROUTES, typeOfRoute } from './source-types';
import { listColumns } from '../../kit/list-columns';
import { declaredOptions, listFilters } from '../../kit/list-filters';
import { revenueSourcesList } from '../../../shared/lists/revenue-sources';

const mono = css({ fontFamily: 'mono', fontSize: 'xs' });

const columns: Column<RevenueSource>[] = listColumns(revenueSourcesList, [
  { id: 'reference_id', header: 'revenue_sources.fields.reference_id', rowHeader: true, width: 210, grow: 0, cell: (s) => <span className={mono}>{s.reference_id}</span> },
  { id: 'name', header: 'revenue_sources.fields.name', width: 160, grow: 2 },
  { id: 'organization', header: 'revenue_sources.fields.organization', width: 150, grow: 1, cell: (s) => s.organization?.name ?? '' },
  { id: 'risk_rating', header: 'revenue_sources.fields.risk_rating', width: 110, grow: 0, cell: (s) => <RiskChip rating={s.risk_rating} /> },
  { id: 'contracts', header: 'revenue_sources.fields.contracts', width: 90, grow: 0, align: 'end', cell: (s) => String(s.contract_ids?.length ?? 0) },
  { id: 'created_at', header: 'revenue_sources.fields.created_at', width: 170, grow: 0, cell: (s) => <Timestamp value={s.created_at} /> },
]);

const filters = listFilters(revenueSourcesList, [
  { kind: 'date-range', name: 'created_at', label: 'revenue_sources.fields.created_at' },
  { kind: 'select', name: 'risk_rating', label: 'revenue_sources.fields.risk_rating', options: declaredOptions(revenueSourcesList, 'risk_rating', 'revenue_sources.risk_ratings') },
]);

const defaults: ListDefaults = { sort_by: 'created_at', sort_direction: 'desc' };

/**
 * /revenue-sources/youtube-channel and /revenue-sources/youtube-label (spec 3, 2.4): one list per type,
 * tabs between them, the filter (created_at range, risk rating) and the focused source's details.
 */
export default function RevenueSourcesList({ route }: ScreenProps) {
  const type = typeOfRoute(route.id);
  const path = useMemo(() => `/api/revenue_sources?type=${type}`, [type]);
  return (
    <ListScreen<RevenueSource>
      key={type}
      title={route.title}
      path={path}
      resource="revenue_sources"
      columns={columns}
      filters={filters}
      defaults={defaults}
      toolbar={<RouteTabs routes={LIST_ROUTES} label="revenue_sources.type_tabs" />}
      newCommand={`go.${TYPE_ROUTES[type].new}`}
      openCommand="revenue_sources.edit"
      detail={(s) => <RevenueSourceDetails source={s} />}
    />
  );
}
