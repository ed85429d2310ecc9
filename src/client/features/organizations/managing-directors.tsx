import { EmailField, TextField } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import type { ManagingDirector } from './organization';

/** Managing directors: full name and e-mail each, at least one (spec 1, 2.10 and 5). */
export function ManagingDirectors() {
  return (
    <FieldList<ManagingDirector> name="managing_directors" itemLabel="organizations.items.managing_director" newItem={() => ({ full_name: '', email: '' })}>
      {({ path }) => (
        <>
          <TextField name={`${path}.full_name`} />
          <EmailField name={`${path}.email`} />
        </>
      )}
    </FieldList>
  );
}
