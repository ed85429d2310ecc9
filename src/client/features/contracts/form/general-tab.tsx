import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { CONTRACT_TYPES, CREDIT_NOTE_TYPES, PRO_REPORT_TEMPLATES, REPORT_TEMPLATES } from '../../../../shared/validation/contracts';
import { useTagOptions } from '../../tags/tag-options';
import { useInitData } from '../../../api/init-data';
import { AutocompleteField, DateField, FileField, MultiSelectField, SelectField, SwitchField, TextField, optionsFrom } from '../../../kit/fields';
import { useForm, type ResourceFormApi } from '../../../kit/form';
import { useCurrencies } from '../../../lib/reference-names';
import { useT } from '../../../lib/i18n';
import type { ContractValues } from './contract-values';

const sectionStyle = css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '2' });
const legendStyle = css({ fontWeight: '600', fontSize: 'sm', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: '0.04em', p: 0, mb: '1' });
const grid = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: '3', alignItems: 'start' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  const t = useT();
  return (
    <fieldset className={sectionStyle}>
      <legend className={legendStyle}>{t(title)}</legend>
      <div className={grid}>{children}</div>
    </fieldset>
  );
}

interface UserHit {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}
const fullName = (u: UserHit) => [u.first_name, u.last_name].filter(Boolean).join(' ') || undefined;

export interface GeneralTabProps {
  creating: boolean;
  /** A final contract's terms change only through amendments (DOMAIN.md): those fields are read-only. */
  termsLocked: boolean;
  /** admin or contracts_admin: the pro report templates (spec 2, 5). */
  mayUseProTemplates: boolean;
  /** Save with submit_for_approval is possible (new, draft, rejected). */
  canSubmit: boolean;
  documentUrl: string | null;
}

/** The general tab: parties, type, currency, dates, reporting, template or document, signers, tags. */
export function GeneralTab({ creating, termsLocked, mayUseProTemplates, canSubmit, documentUrl }: GeneralTabProps) {
  const form = useForm() as unknown as ResourceFormApi<ContractValues>;
  const { organizations } = useInitData();
  const currencies = useCurrencies();
  const tagOptions = useTagOptions();
  const { organization_id, template_name } = form.values;
  // Signers sign a document generated from the template, for the organization (spec 2, 5).
  const signersEnabled = !termsLocked && organization_id !== '' && template_name.trim() !== '';
  const signer = (name: 'primary_signer_email' | 'secondary_signer_email') => (
    <AutocompleteField<UserHit, string>
      name={name}
      label={`contract_form.fields.${name}`}
      path="/api/contracts/signers"
      query={{ organization_id: String(organization_id) }}
      labelOf={(u) => u.email}
      noteOf={fullName}
      valueOf={(u) => u.email}
      selectedLabel={form.values[name] ?? undefined}
      disabled={!signersEnabled}
      hint={signersEnabled ? undefined : 'contract_form.hints.signers'}
    />
  );
  return (
    <>
      <Section title="contract_form.sections.terms">
        <SelectField
          name="organization_id"
          label="contract_form.fields.organization_id"
          options={organizations.map((o) => ({ value: o.id, label: o.name }))}
          translate={false}
          autoFocus={creating}
          disabled={termsLocked}
        />
        <SelectField name="contract_type" label="contract_form.fields.contract_type" options={optionsFrom(CONTRACT_TYPES, 'contract_form.contract_types')} disabled={termsLocked} />
        <SelectField name="currency" label="contract_form.fields.currency" options={currencies.map((c) => ({ value: c.iso_code, label: `${c.iso_code} – ${c.name}` }))} translate={false} disabled={termsLocked} />
        <DateField name="start_date" label="contract_form.fields.start_date" disabled={termsLocked} />
        <DateField name="end_date" label="contract_form.fields.end_date" disabled={termsLocked} />
        <DateField name="termination_possible_from" label="contract_form.fields.termination_possible_from" disabled={termsLocked} />
        <TextField name="termination_period_months" label="contract_form.fields.termination_period_months" inputMode="numeric" disabled={termsLocked} />
      </Section>
      <Section title="contract_form.sections.reporting">
        <SelectField name="credit_note_type" label="contract_form.fields.credit_note_type" options={optionsFrom(CREDIT_NOTE_TYPES, 'contract_form.credit_note_types')} />
        <MultiSelectField
          name="report_templates"
          label="contract_form.fields.report_templates"
          options={optionsFrom(REPORT_TEMPLATES, 'contract_form.report_templates')}
          disabledOptions={mayUseProTemplates ? undefined : [...PRO_REPORT_TEMPLATES]}
          hint={mayUseProTemplates ? undefined : 'contract_form.hints.pro_templates'}
        />
        <MultiSelectField name="tag_ids" label="contract_form.fields.tags" translate={false} options={tagOptions} />
      </Section>
      <Section title="contract_form.sections.document">
        <TextField name="template_name" label="contract_form.fields.template_name" hint="contract_form.hints.template_name" disabled={termsLocked} />
        <FileField name="document" label="contract_form.fields.document" accept=".pdf,.zip,application/pdf,application/zip" currentUrl={documentUrl} />
        {signer('primary_signer_email')}
        {signer('secondary_signer_email')}
      </Section>
      {canSubmit && <SwitchField name="submit_for_approval" label="contract_form.fields.submit_for_approval" hint="contract_form.hints.submit_for_approval" />}
    </>
  );
}
