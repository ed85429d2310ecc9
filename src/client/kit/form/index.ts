/**
 * The form kit: every create/edit screen is `useResourceForm` + `<ResourceForm>` + fields.
 *
 * A complete bank form (spec 2.6; labels come from `banks.fields.<name>`, required markers from the
 * struct, errors from the struct and the server's 422):
 *
 * ```tsx
 * import { useParams } from 'wouter';
 * import { bankStruct } from '../../../shared/validation/banks';
 * import { useInitData } from '../../api/init-data';
 * import { ResourceForm, useResourceForm } from '../../kit/form';
 * import { CountryField, TextField } from '../../kit/fields';
 *
 * const EMPTY_BANK = { name: '', street: '', postal_code: '', city: '', country_code: '', bic: '', bank_key: '' };
 *
 * export function BankForm() {
 *   const { id } = useParams<{ id?: string }>();
 *   const { countries } = useInitData();
 *   const form = useResourceForm({
 *     resource: 'banks',
 *     basePath: '/api/banks',
 *     wrapper: 'bank',
 *     listPath: '/admin/banks',
 *     editPath: (bankId) => `/admin/banks/${bankId}/edit`,
 *     id: id ? Number(id) : null,
 *     struct: bankStruct,
 *     initial: EMPTY_BANK,
 *     messages: { created: 'banks.created', saved: 'banks.saved' },
 *   });
 *   return (
 *     <ResourceForm form={form} label={id ? 'banks.edit_title' : 'banks.new_title'}>
 *       <TextField name="name" autoFocus />
 *       <TextField name="street" />
 *       <TextField name="postal_code" />
 *       <TextField name="city" />
 *       <CountryField name="country_code" countries={countries} />
 *       <TextField name="bic" />
 *       <TextField name="bank_key" />
 *     </ResourceForm>
 *   );
 * }
 * ```
 *
 * Tabs: `<FormTabs tabs={[{id: 'general', label: ...}, {id: 'signers', label: ..., fields: ['signers'], count: 'signers'}]}>`
 * with one `<FormTabPanel id=...>` each. Lists: `<FieldList name="signers" newItem={...}>{({path}) => <... name={`${path}.user_id`} />}</FieldList>`.
 * Multipart: `toPayload: (values) => toFormData('organization', values)`.
 * Keyboard: Ctrl/Cmd+S = Save (back to the list), Ctrl/Cmd+Enter = Save and continue.
 */
export { useResourceForm, type ResourceFormApi, type ResourceFormOptions, type FormValues, type SaveMode, type FormStatus } from './use-resource-form';
export { ResourceForm, type ResourceFormProps } from './resource-form';
export { FormTabs, FormTabPanel, type FormTabDef, type FormTabsProps } from './form-tabs';
export { FieldList, type FieldListProps, type FieldListItem } from './field-list';
export { useForm, useOptionalForm, useFieldValue, FormProvider } from './form-context';
export { confirmLeave, guardedAroundNav, hasLeaveGuard, useLeaveGuard } from './leave-guard';
export { toFormData } from './form-data';
export { recordValues } from './record-values';
export { FormTitle } from './form-title';
export { useListAdders, registerListAdder, requestListAdd, hasListAdder, type ListAdderTarget } from './list-adders';
export { getIn, setIn, errorsAt, type FieldPath } from './paths';
