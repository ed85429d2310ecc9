import { useCallback, useEffect, useMemo, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import { useLocation } from 'wouter';
import type { Amendment } from '../../../../shared/entities/amendment';
import type { Contract } from '../../../../shared/entities/contract';
import { amendmentRules, amendmentStruct, neighbourDates } from '../../../../shared/validation/amendments';
import { api, ApiError } from '../../../api/client';
import { AutocompleteField, DateField, FileField, SelectField, SwitchField } from '../../../kit/fields';
import { FormTabPanel, FormTabs, FormTitle, ResourceForm, useForm, useResourceForm, type FormTabDef, type ResourceFormApi } from '../../../kit/form';
import { useT } from '../../../lib/i18n';
import { routePath } from '../../../route-table';
import type { ScreenProps } from '../../index';
import { amendmentPayload, amendmentValues, newAmendment, type AmendmentValues, type AmendmentVendorValues } from './amendment-values';
import { SharesField } from './shares-tab';
import { SourcesField } from './sources-tab';
import { methodLabel } from './vendor-shares';
import { useVendorDetail } from './vendors-tab';

const TABS: FormTabDef[] = [
  { id: 'general', label: 'contract_form.tabs.general' },
  { id: 'vendors', label: 'contract_form.tabs.vendors', fields: ['amendment_vendors'], count: 'amendment_vendors' },
  { id: 'revenue-sources', label: 'contract_form.tabs.revenue_sources', fields: ['revenue_source_ids', 'change_revenue_sources'] },
  { id: 'revenue-shares', label: 'contract_form.tabs.revenue_shares', fields: ['revenue_shares', 'revenue_share_params', 'change_revenue_shares'] },
];

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start' });
const NO_PICKS = new Map();

/** Today as yyyy-MM-dd in the user's time zone (the server checks with its own date too). */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** One contract vendor's payment method as the amendment sets it (its other methods from the detailed lookup). */
function VendorMethod({ index, row }: { index: number; row: AmendmentVendorValues }) {
  const t = useT();
  const form = useForm() as unknown as ResourceFormApi<AmendmentValues>;
  const detail = useVendorDetail(row.vendor, NO_PICKS);
  const methods = detail?.payment_methods ?? (row.payment_method ? [row.payment_method] : []);
  return (
    <SelectField
      name={`amendment_vendors.${index}.vendor_payment_method_id`}
      label="contract_form.amendment.payment_method_of"
      labelVars={{ name: `${row.vendor.name} (${row.vendor.full_number})` }}
      translate={false}
      options={methods.map((m) => ({ value: m.id, label: methodLabel(m, t) }))}
      onChange={(id) => form.setValue(`amendment_vendors.${index}.payment_method`, methods.find((m) => m.id === Number(id)) ?? null)}
    />
  );
}

/** A switch that turns a list's change on, and the list (the contract form's own fields) when it is on. */
function Changing({ flag, children }: { flag: 'change_revenue_shares' | 'change_revenue_sources'; children: ReactNode }) {
  const form = useForm() as unknown as ResourceFormApi<AmendmentValues>;
  return (
    <div className={stack}>
      <SwitchField name={flag} label={`contract_form.fields.${flag}`} />
      {form.values[flag] && children}
    </div>
  );
}

interface UserHit {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

/** New and edit amendment (spec 2, 2 and 5): apply_on, signers or a document, changed vendors, sources and shares. */
export default function AmendmentForm({ params }: ScreenProps) {
  const t = useT();
  const [, navigate] = useLocation();
  const contractId = Number(params.contract_id);
  const { data: contract, error } = useSWR<Contract>(`/api/contracts/${params.contract_id}`, (u: string) => api.get<Contract>(u), { revalidateOnFocus: false });
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (missing) navigate(routePath('contracts.list'), { replace: true });
  }, [missing, navigate]);
  if (!contract) {
    return (
      <div role={error && !missing ? 'alert' : 'status'} className={css({ p: '4', color: 'fg.muted' })}>
        {t(error && !missing ? 'form.load_failed' : 'form.loading')}
      </div>
    );
  }
  return <AmendmentFormBody contract={contract} contractId={contractId} id={params.id ?? null} />;
}

function AmendmentFormBody({ contract, contractId, id }: { contract: Contract; contractId: number; id: string | null }) {
  const details = routePath('contracts.show', { id: contractId });
  const initial = useMemo(() => newAmendment(contract), [contract]);
  const self = id ? (contract.amendments.find((a) => String(a.id) === id) ?? null) : null;
  const validate = useCallback(
    (values: AmendmentValues) =>
      amendmentRules(values as unknown as Record<string, unknown>, {
        today: today(),
        ...neighbourDates(contract.amendments, self),
        hasDocument: values.document instanceof File || Boolean(self?.document_url),
        contract: {
          revenue_shares: contract.revenue_shares as unknown as Record<string, unknown>[],
          revenue_source_ids: contract.revenue_sources.map((s) => s.id),
          contract_vendors: contract.contract_vendors,
        },
      }),
    [contract, self],
  );
  const form = useResourceForm<AmendmentValues>({
    resource: 'contracts',
    basePath: `/api/contracts/${contractId}/amendments`,
    wrapper: 'contract_amendment',
    // Saving goes to the contract's details (spec 2, 2).
    listPath: details,
    editPath: () => details,
    id,
    struct: amendmentStruct(),
    initial,
    fromRecord: (record) => amendmentValues(contract, record),
    toPayload: amendmentPayload(contractId),
    validate,
    messages: { created: 'contract_form.amendment.created', saved: 'contract_form.amendment.saved' },
  });
  const record = form.record as Amendment | undefined;
  const title = id ? 'pages.contracts.amendment_edit' : 'pages.contracts.amendment_new';
  const canSubmit = record ? record.can_submit_for_approval : true;
  return (
    <>
      <FormTitle title={title} name={`#${contract.id} · ${contract.organization.name}${record ? ` · ${record.number}` : ''}`} />
      <ResourceForm form={form} label={title} saveOnly>
        <FormTabs tabs={TABS} label="contract_form.tabs.label">
          <FormTabPanel id="general">
            <div className={grid}>
              <DateField name="apply_on" label="contract_form.fields.apply_on" autoFocus={!id} />
              {(['primary_signer_email', 'secondary_signer_email'] as const).map((name) => (
                <AutocompleteField<UserHit, string>
                  key={name}
                  name={name}
                  label={`contract_form.fields.${name}`}
                  path="/api/contracts/signers"
                  query={{ organization_id: String(contract.organization.id) }}
                  labelOf={(u) => u.email}
                  noteOf={(u) => [u.first_name, u.last_name].filter(Boolean).join(' ') || undefined}
                  valueOf={(u) => u.email}
                  selectedLabel={form.values[name] ?? undefined}
                />
              ))}
              <FileField name="document" label="contract_form.fields.document" accept=".pdf,.zip,application/pdf,application/zip" currentUrl={record?.document_url ?? null} />
            </div>
            {canSubmit && <SwitchField name="submit_for_approval" label="contract_form.fields.submit_for_approval" hint="contract_form.hints.submit_for_approval" />}
          </FormTabPanel>
          <FormTabPanel id="vendors">
            <div className={grid}>
              {form.values.amendment_vendors.map((row, i) => (
                <VendorMethod key={row.vendor_id} index={i} row={row} />
              ))}
            </div>
          </FormTabPanel>
          <FormTabPanel id="revenue-sources">
            <Changing flag="change_revenue_sources">
              <SourcesField />
            </Changing>
          </FormTabPanel>
          <FormTabPanel id="revenue-shares">
            <Changing flag="change_revenue_shares">
              <SharesField currency={contract.currency} />
            </Changing>
          </FormTabPanel>
        </FormTabs>
      </ResourceForm>
    </>
  );
}
