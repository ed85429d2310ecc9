import { portalFaqStruct } from '../../../shared/validation/portal';
import { SelectField, TextField } from '../../kit/fields';
import { FormTitle, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { RichTextField } from '../../kit/rich-text';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { FaqSectionField } from './faq-section-field';
import { localeOptions } from './locales';
import type { PortalFaq } from './types';

const R = 'portal_faqs';
const struct = portalFaqStruct();
const EMPTY = { locale: '', portal_faq_section_id: '' as number | '', title: '', body: '' };

/** /portal-faqs/new and /{id}/edit (spec 1, 2.14): locale, section of that locale, title, rich-text body. */
export default function FaqForm({ route, params }: ScreenProps) {
  const form = useResourceForm({
    resource: R,
    basePath: '/portal-faqs',
    wrapper: 'portal_faq',
    listPath: routePath(`${R}.list`),
    editPath: (id) => routePath(`${R}.edit`, { id }),
    id: params.id ? Number(params.id) : null,
    struct,
    initial: EMPTY,
    messages: { created: `${R}.created`, saved: `${R}.saved` },
  });
  const record = form.record as PortalFaq | undefined;
  const locale = form.values.locale;
  return (
    <>
      <FormTitle title={route.title} name={record?.title} />
      <ResourceForm form={form} label={route.title} actions={<CommandButton command={`${R}.delete_current`} variant="danger" />}>
        <SelectField name="locale" options={localeOptions} autoFocus onChange={() => form.setValue('portal_faq_section_id', '')} />
        <FaqSectionField locale={locale} current={record?.portal_faq_section} />
        <TextField name="title" />
        <RichTextField name="body" />
      </ResourceForm>
    </>
  );
}
