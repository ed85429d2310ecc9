import { DateField, SelectField, TextField } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import { useOwnerOptions } from './form-options';
import { newRegistration, type RegistrationValues } from './revenue-source';

/** A channel's registrations (spec 3, 3.4): at least one; more are added once the channel is saved. */
export function Registrations({ editing }: { editing: boolean }) {
  const owners = useOwnerOptions();
  return (
    <FieldList<RegistrationValues> name="registrations" itemLabel="revenue_sources.items.registration" newItem={newRegistration} min={1} max={editing ? undefined : 1} reorderable={false}>
      {({ path }) => (
        <>
          <SelectField name={`${path}.content_owner_id`} options={owners} translate={false} />
          <DateField name={`${path}.preferred_execution_on`} />
          <DateField name={`${path}.entered_cms_at`} />
          <DateField name={`${path}.exited_cms_at`} />
          <TextField name={`${path}.count_subscribers_on_switch`} inputMode="numeric" />
          <TextField name={`${path}.switch_reason`} />
        </>
      )}
    </FieldList>
  );
}
