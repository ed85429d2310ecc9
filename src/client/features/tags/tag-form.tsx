import { css } from 'styled-system/css';
import { tagStruct } from '../../../shared/validation/tags';
import { TextField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';

// Only the spec's field: the chip colour is the server's default and is kept on edit (a PUT sends the name only).
const EMPTY_TAG = { name: '' };
const STRUCT = tagStruct();
const narrow = css({ maxW: '720px' });

/** New and edit tag (spec 1, 2.11): the name. */
export default function TagForm({ params }: ScreenProps) {
  const id = params.id ?? null;
  const form = useResourceForm({
    resource: 'tags',
    basePath: '/api/tags',
    wrapper: 'tag',
    listPath: routePath('tags.list'),
    editPath: (tagId) => routePath('tags.edit', { id: tagId }),
    id,
    struct: STRUCT,
    initial: EMPTY_TAG,
    fromRecord: (record) => recordValues(EMPTY_TAG, record),
    messages: { created: 'tags.created', saved: 'tags.saved' },
  });
  return (
    <div className={narrow}>
      <FormTitle title={id ? 'pages.tags.edit' : 'pages.tags.new'} name={form.record?.name as string | undefined} />
      <ResourceForm form={form} label={id ? 'pages.tags.edit' : 'pages.tags.new'} actions={<CommandButton command="tags.delete_current" variant="danger" />}>
        <TextField name="name" autoFocus />
      </ResourceForm>
    </div>
  );
}
