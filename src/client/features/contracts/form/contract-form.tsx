import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { useLocation, useSearch } from 'wouter';
import type { Contract } from '../../../../shared/entities/contract';
import type { VendorDetailed } from '../../../../shared/entities/vendor';
import { contractRules, contractStruct } from '../../../../shared/validation/contracts';
import { api } from '../../../api/client';
import { useCommandEnvironment } from '../../../commands/context';
import { FormTabPanel, FormTabs, FormTitle, ResourceForm, useListAdders, useResourceForm, type FormTabDef } from '../../../kit/form';
import { useT } from '../../../lib/i18n';
import { routePath } from '../../../route-table';
import type { ScreenProps } from '../../index';
import { contractPayload, contractValues, copiedValues, newContract, type ContractValues, type SourceValues } from './contract-values';
import { GeneralTab } from './general-tab';
import { SharesField } from './shares-tab';
import { SourceConflictsWarning } from './source-conflicts';
import { SourcesField } from './sources-tab';
import { VendorsTab } from './vendors-tab';

/** Tabs by hash in the order Back and Next walk them (spec 2, 2 "Contract form"). */
export const CONTRACT_TABS: FormTabDef[] = [
  { id: 'general', label: 'contract_form.tabs.general' },
  { id: 'vendors', label: 'contract_form.tabs.vendors', fields: ['contract_vendors', 'total_share_percentage'], count: 'contract_vendors' },
  { id: 'revenue-sources', label: 'contract_form.tabs.revenue_sources', fields: ['revenue_source_ids'], count: 'revenue_source_ids' },
  { id: 'revenue-shares', label: 'contract_form.tabs.revenue_shares', fields: ['revenue_shares', 'revenue_share_params'] },
];
const LAST_TAB = CONTRACT_TABS[CONTRACT_TABS.length - 1].id;

const PRO_ROLES = ['admin', 'contracts_admin'];

/** A tab's fields, all disabled when they are terms of a final contract (tabs and Back / Next still work). */
function Panel({ id, locked, children }: { id: string; locked?: boolean; children: ReactNode }) {
  return (
    <FormTabPanel id={id}>
      <fieldset disabled={locked} className={css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
        {children}
      </fieldset>
    </FormTabPanel>
  );
}

/**
 * `?src_id=` copies a contract (spec 2, 2): its payload from `GET /api/contracts/{id}/copy`, with the
 * vendors' and sources' names looked up. A failure is an error toast and an empty form.
 */
function useCopySource(srcId: string | null): { ready: boolean; initial: ContractValues | undefined } {
  const t = useT();
  const env = useCommandEnvironment();
  const [state, setState] = useState<{ ready: boolean; initial: ContractValues | undefined }>({ ready: !srcId, initial: undefined });
  useEffect(() => {
    if (!srcId) return;
    let live = true;
    (async () => {
      const { contract } = await api.get<{ contract: Record<string, unknown> }>(`/api/contracts/${encodeURIComponent(srcId)}/copy`);
      const source = await api.get<Contract>(`/api/contracts/${encodeURIComponent(srcId)}`);
      const rows = (contract.contract_vendors as { vendor_id: number }[]) ?? [];
      const vendors = (
        await Promise.all(
          source.contract_vendors
            .filter((v) => rows.some((r) => r.vendor_id === v.vendor_id))
            .map((v) => api.get<VendorDetailed[]>('/api/vendors/lookup', { q: v.vendor.full_number, view: 'detailed' }).then((hits) => hits.filter((h) => h.id === v.vendor_id))),
        )
      ).flat();
      const sources: SourceValues[] = source.revenue_sources.map((s) => ({ id: s.id, name: s.name, reference_id: s.reference_id, type: s.type }));
      return copiedValues(contract, vendors, sources);
    })().then(
      (initial) => live && setState({ ready: true, initial }),
      () => {
        if (!live) return;
        env.services.notify('error', t('contract_form.copy_failed'));
        setState({ ready: true, initial: undefined });
      },
    );
    return () => {
      live = false;
    };
    // once per source id
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [srcId]);
  return state;
}

/** New and edit contract (spec 2, 2 and 5): four tabs by hash, the shared struct and rules. */
export default function ContractForm({ params }: ScreenProps) {
  const t = useT();
  const id = params.id ?? null;
  const srcId = new URLSearchParams(useSearch()).get('src_id');
  const copy = useCopySource(id ? null : srcId);
  if (!copy.ready) {
    return (
      <div role="status" className={css({ p: '4', color: 'fg.muted' })}>
        {t('form.loading')}
      </div>
    );
  }
  return <ContractFormBody id={id} initial={copy.initial} />;
}

function ContractFormBody({ id, initial: copied }: { id: string | null; initial: ContractValues | undefined }) {
  const [, navigate] = useLocation();
  const env = useCommandEnvironment();
  const mayUseProTemplates = env.roles.some((r) => PRO_ROLES.includes(r));
  const [recordFlags, setRecordFlags] = useState({ editable: true, hasStoredDocument: false });
  const initial = useMemo(() => copied ?? newContract(), [copied]);
  const validate = useCallback(
    (values: ContractValues) =>
      contractRules(values as unknown as Record<string, unknown>, {
        hasDocument: values.document instanceof File || recordFlags.hasStoredDocument,
        skipDocumentRule: !recordFlags.editable,
        mayUseProTemplates,
        inactiveVendorIds: new Set(values.contract_vendors.filter((v) => v.vendor?.inactive).map((v) => v.vendor_id as number)),
      }),
    [recordFlags, mayUseProTemplates],
  );
  const form = useResourceForm<ContractValues>({
    resource: 'contracts',
    basePath: '/api/contracts',
    wrapper: 'contract',
    listPath: routePath('contracts.list'),
    editPath: (contractId) => routePath('contracts.edit', { id: contractId }),
    id,
    struct: contractStruct(),
    initial,
    fromRecord: contractValues,
    toPayload: contractPayload,
    validate,
    messages: { created: 'contract_form.created', saved: 'contract_form.saved' },
  });
  const record = form.record as Contract | undefined;
  const editable = record ? record.state_editable : true;
  const hasStoredDocument = Boolean(record?.document_url);
  useEffect(() => setRecordFlags({ editable, hasStoredDocument }), [editable, hasStoredDocument]);

  // A contract that does not exist sends the user to the list (spec 2, 2 and 8).
  const { status } = form;
  useEffect(() => {
    if (status === 'not_found') navigate(routePath('contracts.list'), { replace: true });
  }, [status, navigate]);

  const [tab, setTab] = useState('general');
  const termsLocked = Boolean(record?.state_final);
  // The palette's "add vendor" opens the vendors tab and adds a row as its button does.
  useListAdders(form, { contract_vendors: { tab: 'vendors', enabled: !termsLocked, button: '[data-add-vendor]' } });
  const title = id ? 'pages.contracts.edit' : 'pages.contracts.new';
  return (
    <>
      <FormTitle title={title} name={record ? `#${record.id} · ${record.organization.name}` : undefined} />
      <ResourceForm form={form} label={title} hideSave={!id && tab !== LAST_TAB} saveHiddenReason="form.save_on_last_tab">
        {!termsLocked && (
          <SourceConflictsWarning contractId={id} sourceIds={form.values.revenue_source_ids} startDate={form.values.start_date} endDate={form.values.end_date} />
        )}
        <FormTabs tabs={CONTRACT_TABS} label="contract_form.tabs.label" onTabChange={setTab}>
          <Panel id="general">
            <GeneralTab
              creating={!id}
              termsLocked={termsLocked}
              mayUseProTemplates={mayUseProTemplates}
              canSubmit={record ? record.can_submit_for_approval : true}
              documentUrl={record?.document_url ?? null}
            />
          </Panel>
          <Panel id="vendors" locked={termsLocked}>
            <VendorsTab locked={termsLocked} />
          </Panel>
          <Panel id="revenue-sources" locked={termsLocked}>
            <SourcesField disabled={termsLocked} />
          </Panel>
          <Panel id="revenue-shares" locked={termsLocked}>
            <SharesField currency={form.values.currency || undefined} disabled={termsLocked} />
          </Panel>
        </FormTabs>
      </ResourceForm>
    </>
  );
}
