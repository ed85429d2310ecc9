import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { contentOwnerRules, contentOwnerStruct, EARNINGS_ASSET_TYPES } from '../../../shared/validation/content-owners';
import { useInitData } from '../../api/init-data';
import { useCountries } from '../../lib/reference-names';
import { CountryField, MultiSelectField, SelectField, SwitchField, TextField } from '../../kit/fields';
import { FieldList, FormTitle, recordValues, ResourceForm, useResourceForm } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import type { EarningsMappingRule } from './content-owner';
import { assetTypeOptions, RULE_OPTIONS } from './earnings-rules';

const EMPTY_CONTENT_OWNER = {
  // shown read-only: they come from YouTube and are not sent (the struct drops them)
  content_owner_id: '',
  display_name: '',
  conflict_notification_email: '',
  internal_country: '',
  report_filename_part: '',
  own: false,
  use_direct_earnings_from_yt_reports: false,
  fetch_stats: false,
  sync_whitelisted_channels: false,
  active: false,
  earnings_mapping_rules: [] as EarningsMappingRule[],
};

const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '3', maxW: '720px' });
const switches = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' }, gap: '2', maxW: '720px' });
const newEntry = (): EarningsMappingRule => ({ asset_type: '', rules: [] });

/**
 * Edit a content owner (spec 1, 2.8; admin): its YouTube identity read-only, the fields staff keep,
 * and one entry of earnings-mapping rules per asset type. The rules are tried in their order, so the
 * multi-select keeps an order that the keyboard can change.
 */
export default function ContentOwnerForm({ params }: ScreenProps) {
  const id = /^\d+$/.test(params.id) ? Number(params.id) : params.id;
  const { countries } = useInitData();
  const namedCountries = useCountries();
  const struct = useMemo(() => contentOwnerStruct(new Set(countries.map((c) => c.code))), [countries]);
  const form = useResourceForm<typeof EMPTY_CONTENT_OWNER>({
    resource: 'content_owners',
    basePath: '/api/cms/content_owners',
    wrapper: 'content_owner',
    listPath: routePath('content_owners.list'),
    editPath: (ownerId) => routePath('content_owners.edit', { id: ownerId }),
    id,
    struct,
    validate: contentOwnerRules,
    initial: EMPTY_CONTENT_OWNER,
    fromRecord: (record) => recordValues(EMPTY_CONTENT_OWNER, record),
    messages: { saved: 'content_owners.saved' },
  });
  const entries = form.values.earnings_mapping_rules;

  return (
    <>
      <FormTitle title="pages.content_owners.edit" name={form.record?.display_name as string | undefined} />
      <ResourceForm form={form} label="pages.content_owners.edit" actions={<CommandButton command="content_owners.show_current" />}>
        <div className={grid}>
          <TextField name="display_name" readOnly />
          <TextField name="content_owner_id" readOnly />
          <TextField name="conflict_notification_email" readOnly />
          <TextField name="report_filename_part" labelInError autoFocus />
          <CountryField name="internal_country" countries={namedCountries} />
        </div>
        <div className={switches}>
          <SwitchField name="own" />
          <SwitchField name="use_direct_earnings_from_yt_reports" />
          <SwitchField name="fetch_stats" />
          <SwitchField name="sync_whitelisted_channels" />
          <SwitchField name="active" />
        </div>
        <FieldList<EarningsMappingRule> name="earnings_mapping_rules" itemLabel="content_owners.entry" newItem={newEntry} max={EARNINGS_ASSET_TYPES.length}>
          {({ path, index }) => (
            <>
              <SelectField name={`${path}.asset_type`} options={assetTypeOptions(entries, index)} />
              <MultiSelectField name={`${path}.rules`} options={RULE_OPTIONS} ordered />
            </>
          )}
        </FieldList>
      </ResourceForm>
    </>
  );
}
