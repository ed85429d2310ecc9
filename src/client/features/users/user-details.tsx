import { Timestamp, YesNo } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
import type { User } from '../../../shared/entities/user';
import { EmailCell, ProvidersCell, RolesCell } from './user-cells';

/** The focused user beside the list: who, what they may do, how and when they signed in. */
export function UserDetails({ user }: { user: User }) {
  return (
    <RecordDetails
      title={`${user.first_name} ${user.last_name}`.trim() || user.email}
      facts={[
        { label: 'users.fields.email', value: <EmailCell user={user} /> },
        { label: 'users.fields.roles', value: user.roles.length ? <RolesCell roles={user.roles} /> : null },
        { label: 'users.fields.authentications', value: user.authentications.length ? <ProvidersCell user={user} /> : null },
        { label: 'users.fields.disabled', value: <YesNo value={user.disabled} /> },
        { label: 'users.fields.created_at', value: <Timestamp value={user.created_at} /> },
        { label: 'users.fields.last_sign_in_at', value: user.last_sign_in_at ? <Timestamp value={user.last_sign_in_at} /> : null },
      ]}
    />
  );
}
