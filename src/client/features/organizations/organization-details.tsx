import { useInitData } from '../../api/init-data';
import { Timestamp } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
import type { Organization } from './organization';

/** The focused organization beside the list: address, currency, people and invoice e-mails. */
export function OrganizationDetails({ organization: o }: { organization: Organization }) {
  const { countries } = useInitData();
  const country = countries.find((c) => c.code === o.country_code)?.name ?? o.country_code;
  return (
    <RecordDetails
      title={o.name}
      facts={[
        { label: 'organizations.fields.number', value: o.number },
        { label: 'organizations.fields.full_address', value: o.full_address },
        { label: 'organizations.fields.country_code', value: country },
        { label: 'organizations.fields.currency', value: o.currency },
        { label: 'organizations.lists.managing_directors', value: o.managing_directors?.map((d) => d.full_name) },
        { label: 'organizations.lists.signers', value: o.signers?.map((s) => `${s.user.first_name} ${s.user.last_name}`.trim() || s.user.email) },
        { label: 'organizations.fields.invoice_emails', value: o.invoice_emails },
        { label: 'organizations.fields.created_at', value: <Timestamp value={o.created_at} /> },
      ]}
    />
  );
}
