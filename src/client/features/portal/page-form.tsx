import { portalPageStruct } from '../../../shared/validation/portal';
import { SelectField, TextField } from '../../kit/fields';
import { FormTitle, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { RichTextField } from '../../kit/rich-text';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { localeOptions } from './locales';

const R = 'portal_pages';
const struct = portalPageStruct();
const EMPTY = { locale: '', name: '', title: '', body: '' };

/** /portal-pages/new and /{id}/edit (spec 1, 2.14): locale, name, title and a rich-text body. */
export default function PageForm({ route, params }: ScreenProps) {
  const form = useResourceForm({
    resource: R,
    basePath: '/portal-pages',
    wrapper: 'portal_page',
    listPath: routePath(`${R}.list`),
    editPath: (id) => routePath(`${R}.edit`, { id }),
    id: params.id ? Number(params.id) : null,
    struct,
    initial: EMPTY,
    messages: { created: `${R}.created`, saved: `${R}.saved` },
  });
  return (
    <>
      <FormTitle title={route.title} name={form.record?.title as string | undefined} />
      <ResourceForm form={form} label={route.title} actions={<CommandButton command={`${R}.delete_current`} variant="danger" />}>
        <SelectField name="locale" options={localeOptions} autoFocus />
        <TextField name="name" />
        <TextField name="title" />
        <RichTextField name="body" />
      </ResourceForm>
    </>
  );
}
