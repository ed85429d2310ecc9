import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { Link } from 'wouter';
import { userRules, userStruct } from '../../../shared/validation/users';
import { EmailField, MultiSelectField, SwitchField, TextField } from '../../kit/fields';
import { FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { excludedRoles, useRoleOptions } from './roles';

const EMPTY_USER = { first_name: '', last_name: '', email: '', roles: [] as string[], disabled: false };
const struct = userStruct();

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3', maxW: '720px' });
const wide = css({ gridColumn: { md: 'span 2' } });
const note = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: '3',
  p: '4',
  maxW: '720px',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'md',
  color: 'fg',
});

const fullName = (record: Record<string, unknown> | undefined) =>
  record ? `${record.first_name ?? ''} ${record.last_name ?? ''}`.trim() || String(record.email ?? '') : undefined;

/**
 * New and edit user (spec 1, 2.12): the roles exclude each other where the spec says so (choosing
 * contracts disables approve_contracts and the other way round); one's own account is not edited here.
 */
export default function UserForm({ params }: ScreenProps) {
  const t = useT();
  const id = params.id ? Number(params.id) : null;
  const roleOptions = useRoleOptions();
  const form = useResourceForm<typeof EMPTY_USER>({
    resource: 'users',
    basePath: '/api/users',
    wrapper: 'user',
    listPath: routePath('users.list'),
    editPath: (userId) => routePath('users.edit', { id: userId }),
    id,
    struct,
    validate: userRules,
    initial: EMPTY_USER,
    fromRecord: (record) => recordValues(EMPTY_USER, record),
    messages: { created: 'users.created', saved: 'users.saved' },
  });
  const title = id ? 'pages.users.edit' : 'pages.users.new';

  if (form.record && form.record.can_be_edited === false) {
    return (
      <>
        <FormTitle title={title} name={fullName(form.record)} />
        <div role="note" className={note}>
          <p className={css({ m: 0 })}>{t('users.own_account_note')}</p>
          <Link href={routePath('users.list')} className={button()}>
            {t('form.back_to_list')}
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      <FormTitle title={title} name={fullName(form.record)} />
      <ResourceForm
        form={form}
        label={title}
        actions={
          id ? (
            <>
              <CommandButton command="users.delete_current" variant="danger" />
              <CommandButton command="users.send_password_link" />
            </>
          ) : undefined
        }
      >
        <div className={grid}>
          <TextField name="first_name" autoFocus />
          <TextField name="last_name" />
          <EmailField name="email" className={wide} autoComplete="off" />
          <MultiSelectField name="roles" className={wide} options={roleOptions} disabledOptions={excludedRoles(form.values.roles)} />
          <SwitchField name="disabled" />
        </div>
      </ResourceForm>
    </>
  );
}
