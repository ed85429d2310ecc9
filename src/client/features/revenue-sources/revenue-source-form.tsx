import { useMemo } from 'react';
import { css } from 'styled-system/css';
import useSWR from 'swr';
import type { RevenueSourceType } from '../../../shared/entities/revenue-source';
import { channelRules, channelStruct, labelRules, labelStruct } from '../../../shared/validation/revenue-sources';
import { api } from '../../api/client';
import { FormTabPanel, FormTabs, FormTitle, ResourceForm, useListAdders, useResourceForm, type FormTabDef, type ResourceFormApi } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { ChannelGeneral } from './channel-general';
import { LabelGeneral } from './label-general';
import { Registrations } from './registrations';
import { newRevenueSource, revenueSourcePayload, revenueSourceValues, type RevenueSource, type RevenueSourceValues } from './revenue-source';
import { RiskAssessments } from './risk-assessments';
import { TYPE_ROUTES, typeOfRoute } from './source-types';
import { WhitelistedGroups } from './whitelisted-groups';

/** Tabs by hash in the order Back and Next walk them (spec 3, 2.4). */
const WHITELISTED: FormTabDef = { id: 'whitelisted-channels', label: 'revenue_sources.tabs.whitelisted_channels', fields: ['whitelisted_groups'], count: 'whitelisted_groups' };
const TABS: Record<RevenueSourceType, FormTabDef[]> = {
  youtube_channel: [
    { id: 'general', label: 'revenue_sources.tabs.general' },
    { id: 'registrations', label: 'revenue_sources.tabs.registrations', fields: ['registrations'], count: 'registrations' },
    { id: 'risk-assessments', label: 'revenue_sources.tabs.risk_assessments', fields: ['risk_assessments'], count: 'risk_assessments' },
    WHITELISTED,
  ],
  youtube_label: [{ id: 'general', label: 'revenue_sources.tabs.general' }, WHITELISTED],
};

const note = css({ m: 0, color: 'fg.muted', fontSize: 'sm' });

/** The channel or label form once its type is known. */
function SourceForm({ type, id }: { type: RevenueSourceType; id: number | string | null }) {
  const t = useT();
  const channel = type === 'youtube_channel';
  const struct = useMemo(() => (channel ? channelStruct() : labelStruct()), [channel]);
  const initial = useMemo(() => newRevenueSource(type), [type]);
  const form = useResourceForm<RevenueSourceValues>({
    resource: 'revenue_sources',
    basePath: '/api/revenue_sources',
    wrapper: 'revenue_source',
    // Save returns to the list of the source's type (spec 3, 2.4).
    listPath: routePath(TYPE_ROUTES[type].list),
    editPath: (sourceId) => routePath('revenue_sources.edit', { id: sourceId }),
    id,
    struct,
    initial,
    fromRecord: revenueSourceValues,
    toPayload: revenueSourcePayload,
    validate: (values) => (channel ? channelRules(values) : labelRules(values)),
    messages: { created: 'revenue_sources.created', saved: 'revenue_sources.saved' },
  });
  const editing = id !== null;
  useListAdders(form as unknown as ResourceFormApi, {
    registrations: { tab: 'registrations', enabled: channel && editing },
    risk_assessments: { tab: 'risk-assessments', enabled: channel && editing },
    whitelisted_groups: { tab: 'whitelisted-channels', enabled: true },
  });
  const title = editing ? 'pages.revenue_sources.edit' : channel ? 'pages.revenue_sources.new_channel' : 'pages.revenue_sources.new_label';
  return (
    <>
      <FormTitle title={title} name={form.record?.reference_id as string | undefined} />
      <ResourceForm form={form} label={title} actions={editing ? <CommandButton command="revenue_sources.delete_current" variant="danger" /> : undefined}>
        <FormTabs tabs={TABS[type]} label="revenue_sources.tabs.label">
          <FormTabPanel id="general">{channel ? <ChannelGeneral /> : <LabelGeneral />}</FormTabPanel>
          {channel && (
            <FormTabPanel id="registrations">
              {!editing && <p className={note}>{t('revenue_sources.added_when_editing')}</p>}
              <Registrations editing={editing} />
            </FormTabPanel>
          )}
          {channel && (
            <FormTabPanel id="risk-assessments">
              {!editing && <p className={note}>{t('revenue_sources.added_when_editing')}</p>}
              <RiskAssessments editing={editing} />
            </FormTabPanel>
          )}
          <FormTabPanel id="whitelisted-channels">
            <WhitelistedGroups />
          </FormTabPanel>
        </FormTabs>
      </ResourceForm>
    </>
  );
}

/**
 * New channel, new label and edit (spec 3, 2.4). A new form takes its type from the address; an edit
 * form from the record, read once (the form's own read finds it in the cache).
 */
export default function RevenueSourceForm({ route, params }: ScreenProps) {
  const t = useT();
  const id = params.id ?? null;
  const url = id === null ? null : `/api/revenue_sources/${id}`;
  const { data, error } = useSWR<RevenueSource>(url, (u: string) => api.get<RevenueSource>(u), { revalidateOnFocus: false, shouldRetryOnError: false });
  const type: RevenueSourceType | undefined = id === null ? typeOfRoute(route.id) : data?.type;
  // Without a record (loading, missing) the channel form shows its own loading and not-found states.
  if (type) return <SourceForm key={`${type}:${id ?? 'new'}`} type={type} id={id} />;
  if (error) return <SourceForm type="youtube_channel" id={id} />;
  return (
    <div role="status" className={css({ p: '4', color: 'fg.muted' })}>
      {t('form.loading')}
    </div>
  );
}
