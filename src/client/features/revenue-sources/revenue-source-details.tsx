import { css } from 'styled-system/css';
import { DateText, Timestamp } from '../../kit/grid';
import { RecordDetails, type Fact } from '../../kit/record-details';
import { useT } from '../../lib/i18n';
import type { RevenueSource } from './revenue-source';
import { RiskChip } from './risk-chip';
import { ContractLinks } from './source-links';
import { useOwnerNames } from './use-owner-names';

const mono = css({ fontFamily: 'mono', fontSize: 'sm' });

/** The newest assessment (by audit date, then id): the one the source's rating comes from. */
function newest(source: RevenueSource) {
  return [...(source.risk_assessments ?? [])].sort((a, b) => (a.audit_date === b.audit_date ? b.id - a.id : a.audit_date < b.audit_date ? 1 : -1))[0];
}

/** Facts about a source shared by the list's details pane and its own page. */
export function useSourceFacts(source: RevenueSource): Fact[] {
  const t = useT();
  const owner = useOwnerNames();
  const channel = source.type === 'youtube_channel';
  const latest = newest(source);
  const facts: Fact[] = [
    { label: 'revenue_sources.fields.type', value: t(`revenue_sources.types.${source.type}`) },
    { label: 'revenue_sources.fields.reference_id', value: <span className={mono}>{source.reference_id}</span> },
    { label: 'revenue_sources.fields.organization', value: source.organization?.name },
    { label: 'revenue_sources.fields.risk_rating', value: <RiskChip rating={source.risk_rating} /> },
  ];
  if (channel) {
    facts.push(
      { label: 'revenue_sources.fields.category_id', value: source.category?.name },
      { label: 'revenue_sources.lists.registrations', value: (source.registrations ?? []).map((r) => owner(r.content_owner_id)) },
      {
        label: 'revenue_sources.lists.risk_assessments',
        value: latest ? (
          <>
            {(source.risk_assessments ?? []).length} · <DateText value={latest.audit_date} /> · {t(`revenue_sources.reasons.${latest.reason}`)}
          </>
        ) : null,
      },
    );
  } else {
    facts.push(
      { label: 'revenue_sources.fields.overridden_channel_id', value: source.overridden_channel_id ? <span className={mono}>{source.overridden_channel_id}</span> : null },
      { label: 'revenue_sources.fields.is_override', value: t(source.is_override ? 'grid.yes' : 'grid.no') },
    );
  }
  facts.push(
    { label: 'revenue_sources.fields.whitelisted_channels', value: (source.whitelisted_channels ?? []).map((w) => `${w.channel_id}${w.title ? ` (${w.title})` : ''} · ${owner(w.content_owner_id)}`) },
    { label: 'revenue_sources.fields.contracts', value: source.contract_ids?.length ? <ContractLinks ids={source.contract_ids} /> : null },
    { label: 'revenue_sources.fields.created_at', value: <Timestamp value={source.created_at} /> },
  );
  return facts;
}

/** The focused source beside the list. */
export function RevenueSourceDetails({ source }: { source: RevenueSource }) {
  const facts = useSourceFacts(source);
  return <RecordDetails title={source.name ? `${source.name} · ${source.reference_id}` : source.reference_id} facts={facts} />;
}
