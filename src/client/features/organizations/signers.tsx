import { AutocompleteField, SwitchField } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import type { Signer } from './organization';

interface UserHit {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
}

const fullName = (u: UserHit) => [u.first_name, u.last_name].filter(Boolean).join(' ') || undefined;

/**
 * Signers: a user found by e-mail (GET /api/users/lookup, after a 500 ms pause) with the switches
 * primary and secondary; together they need a primary and a secondary signer on two entries.
 */
export function Signers() {
  return (
    <FieldList<Signer> name="signers" itemLabel="organizations.items.signer" newItem={() => ({ user_id: null, is_primary: false, is_secondary: false })}>
      {({ path, value }) => (
        <>
          <AutocompleteField<UserHit, number>
            name={`${path}.user_id`}
            path="/api/users/lookup"
            labelOf={(u) => u.email}
            noteOf={fullName}
            valueOf={(u) => u.id}
            selectedLabel={value.user?.email}
            placeholder="organizations.signer_placeholder"
          />
          <SwitchField name={`${path}.is_primary`} />
          <SwitchField name={`${path}.is_secondary`} />
        </>
      )}
    </FieldList>
  );
}
