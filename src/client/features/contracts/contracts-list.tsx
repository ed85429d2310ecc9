import { useMemo } from "react";
import { useInitData } from "../../api/init-data";
import { DateText, Timestamp, type Column } from "../../kit/grid";
import { ListScreen } from "../../kit/list-screen";
import type { ListDefaults } from "../../kit/list-state";
import { RouteTabs } from "../../kit/route-tabs";
import { useT } from "../../lib/i18n";
import { routePath } from "../../route-table";
import type { ScreenProps } from "../index";
import { CONTRACT_STATES } from "../../../shared/validation/contracts";
import type { Contract } from "./contract";
import {
  RevenueSharesText,
  RevenueSourceChips,
  VendorLinks,
} from "./contract-cells";
import { ContractDetails } from "./contract-details";
import { ContractDialogs } from "./contract-dialogs";
import { ContractStateChip } from "./contract-state";
import { listColumns } from "../../kit/list-columns";
import { declaredOptions, listFilters } from "../../kit/list-filters";
import { contractsList } from "../../../shared/lists/contracts";

/** The five tabs (spec 2, 2): route id → the server's list parameter (the path's dashes as underscores). */
const TABS = [
  { route: "contracts.list", list: "all", label: "contracts.tabs.all" },
  {
    route: "contracts.approval_pending",
    list: "approval_pending",
    label: "contracts.tabs.approval_pending",
  },
  {
    route: "contracts.signing_pending",
    list: "signing_pending",
    label: "contracts.tabs.signing_pending",
  },
  {
    route: "contracts.amendments_pending",
    list: "amendments_pending",
    label: "contracts.tabs.amendments_pending",
  },
  {
    route: "contracts.termination_pending",
    list: "termination_pending",
    label: "contracts.tabs.termination_pending",
  },
] as const;
/** What waits for an approver (issue 24, item 11): its own route, without the five tabs its users may not open. */
const AWAITING = {
  route: "contracts.awaiting_approval",
  list: "awaiting_approval",
  label: "contracts.tabs.awaiting_approval",
} as const;

// Every column of spec 2, 2; beside the details pane the list scrolls sideways, and the column chooser hides what a user does not want.
const columns: Column<Contract>[] = listColumns(contractsList, [
  {
    id: "id",
    header: "contracts.fields.id",
    width: 70,
    grow: 0,
    align: "end",
  },
  {
    id: "organization",
    header: "contracts.fields.organization",
    rowHeader: true,
    width: 160,
    grow: 1,
    cell: (c) => c.organization.name,
  },
  {
    id: "active_from",
    header: "contracts.fields.active_from",
    width: 110,
    grow: 0,
    cell: (c) => <DateText value={c.active_from} />,
  },
  {
    id: "active_to",
    header: "contracts.fields.active_to",
    width: 110,
    grow: 0,
    cell: (c) => <DateText value={c.active_to} />,
  },
  {
    id: "contract_type",
    header: "contracts.fields.contract_type",
    width: 120,
    grow: 0,
    cell: (c) => <TypeText type={c.contract_type} />,
  },
  {
    id: "currency",
    header: "contracts.fields.currency",
    width: 80,
    grow: 0,
  },
  {
    id: "vendors",
    header: "contracts.fields.vendors",
    width: 180,
    grow: 1,
    cell: (c) => <VendorLinks contract={c} />,
  },
  {
    id: "revenue_sources",
    header: "contracts.fields.revenue_sources",
    width: 240,
    grow: 2,
    cell: (c) => <RevenueSourceChips contract={c} />,
  },
  {
    id: "revenue_shares",
    header: "contracts.fields.revenue_shares",
    width: 200,
    grow: 1,
    cell: (c) => <RevenueSharesText contract={c} />,
  },
  {
    id: "state",
    header: "contracts.fields.state",
    width: 160,
    grow: 0,
    cell: (c) => <ContractStateChip contract={c} />,
  },
  {
    id: "created_at",
    header: "contracts.fields.created_at",
    width: 170,
    grow: 0,
    cell: (c) => <Timestamp value={c.created_at} />,
  },
]);

function TypeText({ type }: { type: Contract["contract_type"] }) {
  const t = useT();
  return <>{t(`contracts.types.${type}`)}</>;
}

const defaults: ListDefaults = {
  sort_by: "created_at",
  sort_direction: "desc",
};

/**
 * Contracts (spec 2, 2): five tabs that are routes, the state, on-hold, organization, vendor, type and
 * tag filters, the row menu's commands and the focused contract's details beside the list.
 */
export default function ContractsList({ route }: ScreenProps) {
  const { organizations } = useInitData();
  const tab =
    route.id === AWAITING.route
      ? AWAITING
      : TABS.find((x) => x.route === route.id) ?? TABS[0];
  const filters = useMemo(
    () =>
      listFilters(contractsList, [
        {
          kind: "select",
          name: "state",
          label: "contracts.fields.state",
          disabled:
            tab.list === "approval_pending" || tab.list === "signing_pending",
          options: CONTRACT_STATES.map((v) => ({
            value: v,
            label: `contracts.states.${v}`,
          })),
        },
        {
          kind: "select",
          name: "payout_on_hold",
          label: "contracts.fields.payout_on_hold",
          options: [
            { value: "1", label: "grid.yes" },
            { value: "0", label: "grid.no" },
          ],
        },
        {
          kind: "select",
          name: "organization_id",
          label: "contracts.fields.organization",
          options: organizations.map((o) => ({
            value: String(o.id),
            label: o.name,
          })),
        },
        {
          kind: "lookup",
          name: "vendor_id",
          label: "contracts.fields.vendor",
          lookup: {
            path: "/api/vendors/lookup",
            labelOf: (v) => (v as { name: string }).name,
          },
        },
        {
          kind: "select",
          name: "contract_type",
          label: "contracts.fields.contract_type",
          options: declaredOptions(contractsList, "contract_type", "contracts.types"),
        },
        {
          kind: "lookup",
          name: "tag_ids",
          label: "contracts.fields.tags",
          lookup: {
            path: "/api/tags/lookup",
            labelOf: (x) => (x as { name: string }).name,
          },
        },
      ]),
    [organizations, tab.list],
  );
  const params = useMemo(() => ({ list: tab.list }), [tab.list]);
  return (
    <>
      <ListScreen<Contract>
        title={
          tab === AWAITING
            ? "pages.contracts.awaiting_approval"
            : "contracts.title"
        }
        path="/api/contracts"
        resource="contracts"
        params={params}
        columns={columns}
        filters={filters}
        defaults={defaults}
        newCommand="go.contracts.new"
        openCommand="contracts.show"
        header={
          tab === AWAITING ? undefined : (
            <RouteTabs
              label="contracts.tabs.list_label"
              tabs={TABS.map((x) => ({
                href: routePath(x.route),
                label: x.label,
              }))}
            />
          )
        }
        detail={(c) => <ContractDetails contract={c} />}
      />
      {/* The row menu's reject, sign, cancel, terminate open their dialogs over the list. */}
      <ContractDialogs />
    </>
  );
}
