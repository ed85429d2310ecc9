import { portalFaqSectionStruct } from '../../../shared/validation/portal';
import { SelectField, TextField } from '../../kit/fields';
import { FormTitle, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { localeOptions } from './locales';

const R = 'portal_faq_sections';
const struct = portalFaqSectionStruct();
const EMPTY = { locale: '', name: '' };

/** /portal-faq-sections/new and /{id}/edit (spec 1, 2.14): locale and name. */
export default function SectionForm({ route, params }: ScreenProps) {
  const form = useResourceForm({
    resource: R,
    basePath: '/portal-faq-sections',
    wrapper: 'portal_faq_section',
    listPath: routePath(`${R}.list`),
    editPath: (id) => routePath(`${R}.edit`, { id }),
    id: params.id ? Number(params.id) : null,
    struct,
    initial: EMPTY,
    messages: { created: `${R}.created`, saved: `${R}.saved` },
  });
  return (
    <>
      <FormTitle title={route.title} name={form.record?.name as string | undefined} />
      <ResourceForm form={form} label={route.title} actions={<CommandButton command={`${R}.delete_current`} variant="danger" />}>
        <SelectField name="locale" options={localeOptions} autoFocus />
        <TextField name="name" />
      </ResourceForm>
    </>
  );
}
