import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { vendorRules, vendorStruct } from '../../../shared/validation/vendors';
import { useInitData } from '../../api/init-data';
import { FormTabPanel, FormTabs, FormTitle, ResourceForm, useResourceForm, type FormTabDef, type ResourceFormApi } from '../../kit/form';
import { deepEqual } from '../../kit/form/paths';
import { CommandButton, formatDate } from '../../kit/grid';
import { languageAtom, useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { AddressFields } from './address-fields';
import { ChangeRequestSection } from './change-request-section';
import { ConfirmChangeRequestDialog } from './confirm-change-request-dialog';
import { ContactsFields } from './contacts-fields';
import { GeneralFields } from './general-fields';
import { PaymentMethodsFields } from './payment-methods-fields';
import { TaxInfoFields } from './tax-info-fields';
import type { Vendor } from './vendor';
import { comparedFields, emptyTaxInfo, newVendor, vendorPayload, vendorValues, type VendorValues } from './vendor-values';

/** Tabs by hash in the order Back and Next walk them (spec 2, 2 "Vendor form"). */
const TABS: FormTabDef[] = [
  { id: 'general', label: 'vendors.tabs.general' },
  { id: 'contacts', label: 'vendors.tabs.contacts', fields: ['contacts'], count: 'contacts' },
  { id: 'payment-methods', label: 'vendors.tabs.payment_methods', fields: ['payment_methods'], count: 'payment_methods' },
  { id: 'address', label: 'vendors.tabs.address', fields: ['address'] },
  { id: 'tax-info', label: 'vendors.tabs.tax_info', fields: ['tax_info'] },
];
const LAST_TAB = TABS[TABS.length - 1].id;

const banner = css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap', p: '3', borderWidth: '1px', borderColor: 'warning', bg: 'warning.bg', borderRadius: 'md' });

/** A tab's fields, all disabled while a change request keeps the vendor read-only (tabs and Back / Next still work). */
function Panel({ id, readonly, children }: { id: string; readonly: boolean; children: ReactNode }) {
  return (
    <FormTabPanel id={id}>
      <fieldset disabled={readonly} className={css({ border: 'none', m: 0, p: 0, minW: 0, display: 'flex', flexDirection: 'column', gap: '3' })}>
        {children}
      </fieldset>
    </FormTabPanel>
  );
}

/**
 * The vendor type and the address country drive other fields (spec 2, 4): a person is personally
 * liable; another country starts the tax info afresh. Only an edit does: values replaced by a load,
 * a save or a conflict's reload (a new `initial`) are the stored record's, whatever they replaced.
 */
function useDependentFields(form: ResourceFormApi<VendorValues>) {
  const { type } = form.values;
  const country = form.values.address.country_code;
  const { setValues, initial } = form;
  const seen = useRef({ initial, type, country });
  useEffect(() => {
    const before = seen.current;
    seen.current = { initial, type, country };
    if (before.initial !== initial) return;
    if (before.country !== country) {
      setValues((v) => ({ ...v, tax_info: { ...emptyTaxInfo(), id: v.tax_info.id, is_personally_liable: v.type === 'person' ? true : null } }));
    } else if (before.type !== type && type === 'person') {
      setValues((v) => ({ ...v, tax_info: { ...v.tax_info, is_personally_liable: true } }));
    }
  }, [initial, type, country, setValues]);
}

/** New and edit vendor (spec 2, 2 and 5): five tabs by hash, the shared struct and rules, multipart with a document. */
export default function VendorForm({ params }: ScreenProps) {
  const t = useT();
  const id = params.id ?? null;
  const { countries } = useInitData();
  const [recordState, setRecordState] = useState<{ confirmed: boolean }>({ confirmed: false });
  const struct = useMemo(() => vendorStruct(new Set(countries.map((c) => c.code))), [countries]);
  const initial = useMemo(newVendor, []);
  const validate = useCallback(
    (values: VendorValues) => vendorRules(values as unknown as Record<string, unknown>, { confirmed: recordState.confirmed, withConfirmationDocument: values.confirmation_document instanceof File }),
    [recordState.confirmed],
  );
  const form = useResourceForm<VendorValues>({
    resource: 'vendors',
    basePath: '/api/vendors',
    wrapper: 'vendor',
    listPath: routePath('vendors.list'),
    editPath: (vendorId) => routePath('vendors.edit', { id: vendorId }),
    id,
    struct,
    initial,
    fromRecord: vendorValues,
    toPayload: vendorPayload,
    validate,
    messages: { created: 'vendors.created', saved: 'vendors.saved', savedAs: (saved) => (saved.change_request_changes ? 'vendors.change_request_created' : undefined) },
  });
  const record = form.record as Vendor | undefined;
  const confirmed = record?.state === 'confirmed';
  useEffect(() => setRecordState({ confirmed }), [confirmed]);
  useDependentFields(form);

  const [tab, setTab] = useState('general');
  const readonly = Boolean(record?.readonly);
  // A change confirmed for a later day: the day it applies.
  const request = record?.change_request_changes;
  const scheduledOn = request?.agreement_status === 'confirmed' ? request.valid_from : null;
  const lng = useAtomValue(languageAtom);
  // A confirmed vendor's change to a compared field becomes a change request (spec 2, 4).
  const initialCompared = useMemo(() => (record ? comparedFields(vendorValues(record as unknown as Record<string, unknown>)) : undefined), [record]);
  const needsChangeRequest = Boolean(confirmed && !readonly && initialCompared && !deepEqual(initialCompared, comparedFields(form.values)));
  const wantsChangeRequest = needsChangeRequest || (!readonly && form.values.create_change_request);

  const title = id ? 'pages.vendors.edit' : 'pages.vendors.new';
  return (
    <>
      <FormTitle title={title} name={record?.name} />
      {readonly && (
        <div className={banner} role="region" aria-label={t(scheduledOn ? 'vendors.readonly.scheduled_title' : 'vendors.readonly.title')}>
          <p className={css({ m: 0, flex: '1 1 320px' })}>{scheduledOn ? t('vendors.readonly.scheduled_text', { date: formatDate(scheduledOn, lng) }) : t('vendors.readonly.text')}</p>
          <CommandButton command="vendors.cancel_change_request" variant="danger" />
        </div>
      )}
      <ResourceForm
        form={form}
        label={title}
        hideSave={readonly || (!id && tab !== LAST_TAB)}
        saveHiddenReason={readonly ? 'vendors.readonly.save_hint' : 'form.save_on_last_tab'}
        actions={id ? <CommandButton command="vendors.show_current" /> : undefined}
      >
        {!readonly && <ChangeRequestSection required={wantsChangeRequest} showCheckbox={!needsChangeRequest} confirmed={confirmed} />}
        <FormTabs tabs={TABS} label="vendors.tabs.label" onTabChange={setTab}>
          <Panel id="general" readonly={readonly}>
            <GeneralFields record={record} />
          </Panel>
          <Panel id="contacts" readonly={readonly}>
            <ContactsFields vendorId={record?.id ?? null} />
          </Panel>
          <Panel id="payment-methods" readonly={readonly}>
            <PaymentMethodsFields record={record} />
          </Panel>
          <Panel id="address" readonly={readonly}>
            <AddressFields />
          </Panel>
          <Panel id="tax-info" readonly={readonly}>
            <TaxInfoFields confirmed={confirmed} />
          </Panel>
        </FormTabs>
      </ResourceForm>
      <ConfirmChangeRequestDialog />
    </>
  );
}
