import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { useInitData } from '../../api/init-data';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { RouteTabs } from '../../kit/route-tabs';
import { useT } from '../../lib/i18n';
import { useCountries } from '../../lib/reference-names';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import type { VendorRow as Vendor } from './vendor';
import { VendorDetails } from './vendor-details';
import { VendorState } from './vendor-state';
import { listColumns } from '../../kit/list-columns';
import { declaredOptions, listFilters } from '../../kit/list-filters';
import { vendorsList } from '../../../shared/lists/vendors';

/** The list's tabs: route id → the server's list parameter (dashes of the path as underscores). */
const TABS = [
  { route: 'vendors.list', list: 'all', label: 'vendors.tabs.all' },
  { route: 'vendors.confirmation_pending', list: 'confirmation_pending', label: 'vendors.tabs.confirmation_pending' },
  { route: 'vendors.managed_by_me', list: 'managed_by_me', label: 'vendors.tabs.managed_by_me' },
] as const;

const struck = css({ textDecoration: 'line-through', color: 'fg.muted' });
const muted = css({ color: 'fg.muted', fontSize: 'xs', display: 'block', overflow: 'hidden', textOverflow: 'ellipsis' });

/** The name, struck through when inactive (with the word for screen readers), and the organization under it. */
function NameCell({ vendor }: { vendor: Vendor }) {
  const t = useT();
  return (
    <span className={css({ minW: 0 })}>
      <span className={vendor.inactive ? struck : undefined} data-inactive={vendor.inactive || undefined}>
        {vendor.name}
      </span>
      {vendor.inactive && <span className="sr-only"> ({t('vendors.inactive')})</span>}
      <span className={muted}>{vendor.organization?.name}</span>
    </span>
  );
}

function ContactsCell({ vendor }: { vendor: Vendor }) {
  const names = (vendor.contacts ?? []).map((c) => {
    const emails = c.emails.map((e) => e.email).join(', ');
    return `${c.first_name} ${c.last_name}`.trim() + (emails ? ` <${emails}>` : '');
  });
  return <span title={names.join('\n')}>{names.join('; ')}</span>;
}

const columns: Column<Vendor>[] = listColumns(vendorsList, [
  { id: 'id', header: 'vendors.fields.id', width: 70, grow: 0, align: 'end' },
  { id: 'number', header: 'vendors.fields.number', width: 120, grow: 0, cell: (v) => v.full_number || v.number },
  { id: 'name', header: 'vendors.fields.name', rowHeader: true, width: 220, grow: 2, cell: (v) => <NameCell vendor={v} /> },
  { id: 'contacts', header: 'vendors.tabs.contacts', width: 240, grow: 2, cell: (v) => <ContactsCell vendor={v} /> },
  { id: 'state', header: 'vendors.fields.state', width: 150, grow: 0, cell: (v) => <VendorState vendor={v} /> },
  { id: 'created_at', header: 'vendors.fields.created_at', width: 170, grow: 0, cell: (v) => <Timestamp value={v.created_at} /> },
]);

const defaults: ListDefaults = { sort_by: 'id', sort_direction: 'desc' };

/**
 * Vendors (spec 2, 2): three tabs (all, confirmation pending, managed by me) that are routes, filters
 * (state off on confirmation-pending, account manager off on managed-by-me), the row menu's commands
 * and the focused vendor's details beside the list.
 */
export default function VendorsList({ route }: ScreenProps) {
  const countries = useCountries();
  const { organizations } = useInitData();
  const tab = TABS.find((x) => x.route === route.id) ?? TABS[0];
  const filters = useMemo(
    () =>
      listFilters(vendorsList, [
        { kind: 'select', name: 'organization_id', label: 'vendors.fields.organization_id', options: organizations.map((o) => ({ value: String(o.id), label: o.name })) },
        { kind: 'select', name: 'type', label: 'vendors.fields.type', options: declaredOptions(vendorsList, 'type', 'vendors.types') },
        { kind: 'select', name: 'state', label: 'vendors.fields.state', disabled: tab.list === 'confirmation_pending', options: declaredOptions(vendorsList, 'state', 'vendors.states') },
        { kind: 'select', name: 'country_code', label: 'vendors.fields.address.country_code', options: countries.map((c) => ({ value: c.code, label: c.name })) },
        {
          kind: 'lookup',
          name: 'account_manager_id',
          label: 'vendors.fields.account_manager_id',
          disabled: tab.list === 'managed_by_me',
          lookup: { path: '/api/users/lookup', labelOf: (u) => (u as { email: string }).email },
        },
        { kind: 'month', name: 'active_contract_month', label: 'vendors.fields.active_contract_month' },
        { kind: 'select', name: 'source', label: 'vendors.fields.source', options: declaredOptions(vendorsList, 'source', 'vendors.sources') },
        { kind: 'lookup', name: 'tag_ids', label: 'vendors.fields.tags', lookup: { path: '/api/tags/lookup', labelOf: (x) => (x as { name: string }).name } },
      ]),
    [organizations, countries, tab.list],
  );
  const params = useMemo(() => ({ list: tab.list }), [tab.list]);
  return (
    <ListScreen<Vendor>
      title="vendors.title"
      path="/api/vendors"
      resource="vendors"
      params={params}
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.vendors.new"
      openCommand="vendors.show"
      header={<RouteTabs label="vendors.tabs.list_label" tabs={TABS.map((x) => ({ href: routePath(x.route), label: x.label }))} />}
      detail={(v) => <VendorDetails vendor={v} />}
    />
  );
}
