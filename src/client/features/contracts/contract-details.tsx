import { useAtomValue } from 'jotai';
import { formatDate, trimDecimalZeros } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
import { languageAtom, useT } from '../../lib/i18n';
import type { Contract } from './contract';
import { ContractStateChip } from './contract-state';
import { revenueShareText } from './revenue-share-text';

/** The focused row's details beside the list (spec 2, 2): what the row's cells cut short, in full. */
export function ContractDetails({ contract: c }: { contract: Contract }) {
  const t = useT();
  const lng = useAtomValue(languageAtom);
  const range = [formatDate(c.start_date, lng), formatDate(c.end_date, lng)].filter(Boolean).join(' – ');
  return (
    <RecordDetails
      title={t('contracts.details_title', {
        id: c.id,
        organization: c.organization.name,
      })}
      facts={[
        {
          label: 'contracts.fields.state',
          value: <ContractStateChip contract={c} />,
        },
        {
          label: 'contracts.fields.contract_type',
          value: t(`contracts.types.${c.contract_type}`),
        },
        { label: 'contracts.fields.currency', value: c.currency },
        { label: 'contracts.fields.period', value: range },
        {
          label: 'contracts.fields.vendors',
          value: c.contract_vendors.map((v) => `${v.vendor.name} (${trimDecimalZeros(v.share_percentage)} %)${v.payout_on_hold ? ` · ${t('contracts.on_hold')}` : ''}`),
        },
        {
          label: 'contracts.fields.revenue_sources',
          value: c.revenue_sources.map((s) => (s.name ? `${s.name} (${s.reference_id})` : s.reference_id)),
        },
        {
          label: 'contracts.fields.revenue_shares',
          value: c.revenue_shares.map((s) => revenueShareText(s, c.currency, t, lng)),
        },
        { label: 'contracts.fields.tags', value: c.tags.map((x) => x.name) },
      ]}
    />
  );
}
