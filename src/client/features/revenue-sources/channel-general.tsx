import { CHANNEL_FLAGS, GENDERS, MATCH_POLICIES, USAGE_POLICIES } from '../../../shared/validation/revenue-sources';
import { SelectField, SwitchField, TextField, optionsFrom } from '../../kit/fields';
import { useCategoryOptions, useOrganizationOptions } from './form-options';
import { Section, stack, wide } from './form-section';

/** A channel's general tab (spec 3, 3.4 "Channel info"): identity, policies and the ad and feature flags. */
export function ChannelGeneral() {
  const organizations = useOrganizationOptions();
  const categories = useCategoryOptions();
  return (
    <div className={stack}>
      <Section title="revenue_sources.sections.channel">
        <TextField name="reference_id" autoFocus maxLength={24} hint="revenue_sources.hints.channel_reference_id" />
        <TextField name="name" />
        <SelectField name="organization_id" options={organizations} translate={false} />
        <SelectField name="category_id" options={categories} translate={false} />
        <TextField name="comments" multiline rows={3} className={wide} />
      </Section>
      <Section title="revenue_sources.sections.policies">
        <SelectField name="match_policy" options={optionsFrom(MATCH_POLICIES, 'revenue_sources.match_policies')} />
        <SelectField name="usage_policy" options={optionsFrom(USAGE_POLICIES, 'revenue_sources.usage_policies')} />
        <SelectField name="gender" options={optionsFrom(GENDERS, 'revenue_sources.genders')} />
      </Section>
      <Section title="revenue_sources.sections.ads">
        {CHANNEL_FLAGS.map((flag) => (
          <SwitchField key={flag} name={flag} />
        ))}
      </Section>
    </div>
  );
}
