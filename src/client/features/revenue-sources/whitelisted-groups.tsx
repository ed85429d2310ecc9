import { SelectField } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import { ChannelsField } from './channels-field';
import { useOwnerOptions } from './form-options';
import { newWhitelistedGroup, type WhitelistedGroupValues } from './revenue-source';
import { wide } from './form-section';

/**
 * Whitelisted channels grouped by content owner (spec 3, 3.4 and 5.4): one group per owner, each with at
 * least one channel; saved flattened with the owner's id.
 */
export function WhitelistedGroups() {
  const owners = useOwnerOptions();
  return (
    <FieldList<WhitelistedGroupValues> name="whitelisted_groups" itemLabel="revenue_sources.items.whitelisted_group" newItem={newWhitelistedGroup} reorderable={false}>
      {({ path }) => (
        <>
          <SelectField name={`${path}.content_owner_id`} options={owners} translate={false} />
          <ChannelsField name={`${path}.whitelisted_channels`} className={wide} />
        </>
      )}
    </FieldList>
  );
}
