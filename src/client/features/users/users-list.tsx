import { useMemo } from 'react';
import { Timestamp, YesNo, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import { useRoleOptions } from './roles';
import type { User } from '../../../shared/entities/user';
import { EmailCell, ProvidersCell, RolesCell } from './user-cells';
import { UserDetails } from './user-details';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { usersList } from '../../../shared/lists/users';

const columns: Column<User>[] = listColumns(usersList, [
  { id: 'id', header: 'users.fields.id', width: 56, grow: 0, align: 'end' },
  { id: 'email', header: 'users.fields.email', rowHeader: true, width: 190, grow: 2, cell: (u) => <EmailCell user={u} /> },
  { id: 'first_name', header: 'users.fields.first_name', width: 100 },
  { id: 'last_name', header: 'users.fields.last_name', width: 100 },
  { id: 'roles', header: 'users.fields.roles', width: 140, grow: 2, cell: (u) => <RolesCell roles={u.roles} /> },
  { id: 'authentications', header: 'users.fields.authentications', width: 118, grow: 0, cell: (u) => <ProvidersCell user={u} /> },
  { id: 'disabled', header: 'users.fields.disabled', width: 96, grow: 0, cell: (u) => <YesNo value={u.disabled} /> },
  { id: 'created_at', header: 'users.fields.created_at', width: 150, grow: 0, cell: (u) => <Timestamp value={u.created_at} /> },
  { id: 'last_sign_in_at', header: 'users.fields.last_sign_in_at', width: 150, grow: 0, cell: (u) => <Timestamp value={u.last_sign_in_at} /> },
]);

const defaults = { sort_by: 'email', sort_direction: 'asc' } as const;

/** Users (spec 1, 2.12): filters by name, e-mail, roles, disabled and two date ranges; one's own row is marked. */
export default function UsersList() {
  const roleOptions = useRoleOptions();
  const filters = useMemo(
    () =>
      listFilters(usersList, [
        { kind: 'text', name: 'email', label: 'users.fields.email' },
        { kind: 'text', name: 'first_name', label: 'users.fields.first_name' },
        { kind: 'text', name: 'last_name', label: 'users.fields.last_name' },
        { kind: 'multi', name: 'roles', label: 'users.fields.roles', options: roleOptions.map((o) => ({ value: String(o.value), label: o.label })) },
        { kind: 'boolean', name: 'disabled', label: 'users.fields.disabled' },
        { kind: 'date-range', name: 'created_at', label: 'users.fields.created_at' },
        { kind: 'date-range', name: 'last_sign_in_at', label: 'users.fields.last_sign_in_at' },
      ]),
    [roleOptions],
  );
  return (
    <ListScreen<User>
      title="users.title"
      path="/api/users"
      resource="users"
      columns={columns}
      filters={filters}
      defaults={defaults}
      newCommand="go.users.new"
      openCommand="users.edit"
      // Delete, disable and enable selected rows; one's own account is not among them.
      selectable={(u) => u.can_be_edited}
      notSelectableReason={(u) => (u.can_be_edited ? undefined : 'users.reasons.own_account')}
      detail={(u) => <UserDetails user={u} />}
    />
  );
}
