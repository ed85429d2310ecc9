import { useEffect, useMemo, useRef } from 'react';
import { defaultWbsTemplate, organizationRules, organizationStruct } from '../../../shared/validation/organizations';
import { useInitData } from '../../api/init-data';
import { FormTabPanel, FormTabs, FormTitle, ResourceForm, useResourceForm, type FormTabDef, type ResourceFormApi } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { DebtorAccounts } from './debtor-accounts';
import { GeneralFields } from './general-fields';
import { LegalImprints } from './legal-imprints';
import { ManagingDirectors } from './managing-directors';
import { newOrganization, organizationPayload, organizationValues, type OrganizationValues } from './organization';
import { Signers } from './signers';
import { useInitDataRefresh } from './use-init-data-refresh';
import { WbsCodes } from './wbs-codes';

/** Tabs by hash in the order Back and Next walk them (spec 1, 2.10). */
const TABS: FormTabDef[] = [
  { id: 'general', label: 'organizations.tabs.general' },
  { id: 'managing-directors', label: 'organizations.tabs.managing_directors', fields: ['managing_directors'], count: 'managing_directors' },
  { id: 'legal-imprints', label: 'organizations.tabs.legal_imprints', fields: ['legal_imprints'], count: 'legal_imprints' },
  { id: 'signers', label: 'organizations.tabs.signers', fields: ['signers'], count: 'signers' },
  { id: 'wbs-codes', label: 'organizations.tabs.wbs_codes', fields: ['wbs_codes'] },
  { id: 'debtor-accounts', label: 'organizations.tabs.debtor_accounts', fields: ['debtor_accounts'], count: 'debtor_accounts' },
];

/**
 * On a new organization the WBS templates follow the number (`{number}.{contract type}.{revenue share
 * type}`, the server's default) until the user writes a template of their own.
 */
function useWbsDefaults(form: ResourceFormApi<OrganizationValues>) {
  const number = form.values.number.trim();
  const previous = useRef(number);
  const { setValues } = form;
  const creating = form.options.id == null;
  useEffect(() => {
    const before = previous.current;
    previous.current = number;
    if (!creating || before === number) return;
    setValues((values) => ({
      ...values,
      wbs_codes: values.wbs_codes.map((row) => {
        const followed = row.template === '' || (before !== '' && row.template === defaultWbsTemplate(before, row.contract_type, row.revenue_share_type));
        return followed ? { ...row, template: number ? defaultWbsTemplate(number, row.contract_type, row.revenue_share_type) : '' } : row;
      }),
    }));
  }, [number, creating, setValues]);
}

/** New and edit organization (spec 1, 2.10): six tabs by hash (debtor accounts beyond the spec), JSON or multipart when a logo is chosen. */
export default function OrganizationForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const { countries, currencies } = useInitData();
  const struct = useMemo(
    () => organizationStruct({ countries: new Set(countries.map((c) => c.code)), currencies: new Set(currencies.map((c) => c.iso_code)) }),
    [countries, currencies],
  );
  const initial = useMemo(newOrganization, []);
  const form = useResourceForm<OrganizationValues>({
    resource: 'organizations',
    basePath: '/api/organizations',
    wrapper: 'organization',
    listPath: routePath('organizations.list'),
    editPath: (orgId) => routePath('organizations.edit', { id: orgId }),
    id,
    struct,
    initial,
    fromRecord: organizationValues,
    toPayload: organizationPayload,
    validate: organizationRules,
    messages: { created: 'organizations.created', saved: 'organizations.saved' },
  });
  useWbsDefaults(form);
  useInitDataRefresh();
  const title = id ? 'pages.organizations.edit' : 'pages.organizations.new';
  const logoUrl = (form.record?.logo_url as string | null | undefined) ?? null;
  return (
    <>
      <FormTitle title={title} name={form.record?.name as string | undefined} />
      <ResourceForm form={form} label={title} actions={id ? <CommandButton command="organizations.delete_current" variant="danger" /> : undefined}>
        <FormTabs tabs={TABS} label="organizations.tabs.label">
          <FormTabPanel id="general">
            <GeneralFields logoUrl={id ? logoUrl : null} />
          </FormTabPanel>
          <FormTabPanel id="managing-directors">
            <ManagingDirectors />
          </FormTabPanel>
          <FormTabPanel id="legal-imprints">
            <LegalImprints />
          </FormTabPanel>
          <FormTabPanel id="signers">
            <Signers />
          </FormTabPanel>
          <FormTabPanel id="wbs-codes">
            <WbsCodes />
          </FormTabPanel>
          <FormTabPanel id="debtor-accounts">
            <DebtorAccounts />
          </FormTabPanel>
        </FormTabs>
      </ResourceForm>
    </>
  );
}
