import { css } from 'styled-system/css';
import { CATEGORY_TYPES, categoryStruct } from '../../../shared/validation/categories';
import { SelectField, TextField, type SelectOption } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { treeIndent } from './category';
import { possibleParents, siblingsOf, useCategoryTree } from './category-tree';

const EMPTY_CATEGORY: { name: string; type: string; parent_id: number | ''; index: number | '' } = { name: '', type: '', parent_id: '', index: 0 };
const struct = categoryStruct();
const typeOptions: SelectOption[] = CATEGORY_TYPES.map((type) => ({ value: type, label: `categories.types.${type}` }));

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3', maxW: '720px' });

/**
 * New and edit category (spec 1, 2.7): choosing a type loads its tree; the parent picker offers that
 * tree without the category itself and what lies below it; the index picker places it among the chosen
 * parent's children ('insert at beginning' first, then after each child).
 */
export default function CategoryForm({ params }: ScreenProps) {
  const t = useT();
  const id = params.id ? Number(params.id) : null;
  const form = useResourceForm<typeof EMPTY_CATEGORY>({
    resource: 'categories',
    basePath: '/api/categories',
    wrapper: 'category',
    listPath: routePath('categories.list'),
    editPath: (categoryId) => routePath('categories.edit', { id: categoryId }),
    id,
    struct,
    initial: EMPTY_CATEGORY,
    fromRecord: (record) => recordValues(EMPTY_CATEGORY, record),
    messages: { created: 'categories.created', saved: 'categories.saved' },
  });
  const { type, parent_id: parentValue } = form.values;
  const { tree, loading } = useCategoryTree(type);
  const parentId = parentValue === '' ? null : Number(parentValue);

  const parentOptions: SelectOption[] = possibleParents(tree, id).map((c) => ({ value: c.id, label: `${treeIndent(c.depth)}${c.name}` }));
  const indexOptions: SelectOption[] = [
    { value: 0, label: t('categories.index_options.beginning') },
    ...siblingsOf(tree, parentId, id).map((sibling, i) => ({ value: i + 1, label: t('categories.index_options.after', { name: sibling.name }) })),
  ];
  // Back under its own parent, the category returns to its own place; elsewhere it starts first.
  const record = form.record as { parent_id: number | null; index: number; type: string } | undefined;
  const indexUnder = (parent: number | null) => (record && record.type === type && record.parent_id === parent ? record.index : 0);

  return (
    <>
      <FormTitle title={id ? 'pages.categories.edit' : 'pages.categories.new'} name={form.record?.name as string | undefined} />
      <ResourceForm
        form={form}
        label={id ? 'pages.categories.edit' : 'pages.categories.new'}
        actions={id ? <CommandButton command="categories.delete_current" variant="danger" /> : undefined}
      >
        <div className={grid}>
          <TextField name="name" autoFocus />
          <SelectField
            name="type"
            options={typeOptions}
            onChange={() => {
              form.setValue('parent_id', '');
              form.setValue('index', 0);
            }}
          />
          <SelectField
            name="parent_id"
            options={parentOptions}
            translate={false}
            disabled={!type || loading}
            hint={type ? undefined : 'categories.parent_needs_type'}
            onChange={(next) => form.setValue('index', indexUnder(next === '' ? null : Number(next)))}
          />
          <SelectField name="index" options={indexOptions} translate={false} disabled={!type || loading} />
        </div>
      </ResourceForm>
    </>
  );
}
