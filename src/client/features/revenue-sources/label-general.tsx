import { SelectField, SwitchField, TextField } from '../../kit/fields';
import { useFieldValue } from '../../kit/form';
import { useOrganizationOptions } from './form-options';
import { Section, stack, wide } from './form-section';

/**
 * A label's general tab (spec 3, 3.4 "Label info"): the override flag is disabled while an overridden
 * channel id is filled in, the channel id field while the flag is set.
 */
export function LabelGeneral() {
  const organizations = useOrganizationOptions();
  const overriddenId = useFieldValue<string>('overridden_channel_id') ?? '';
  const isOverride = useFieldValue<boolean>('is_override') ?? false;
  return (
    <div className={stack}>
      <Section title="revenue_sources.sections.label">
        <TextField name="reference_id" autoFocus />
        <TextField name="name" />
        <SelectField name="organization_id" options={organizations} translate={false} />
        <TextField name="comments" multiline rows={3} className={wide} />
      </Section>
      <Section title="revenue_sources.sections.override">
        <TextField name="overridden_channel_id" maxLength={24} disabled={isOverride} />
        <SwitchField name="is_override" disabled={overriddenId.trim() !== ''} />
      </Section>
    </div>
  );
}
