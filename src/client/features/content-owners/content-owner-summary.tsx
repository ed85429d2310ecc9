import { YesNo } from '../../kit/grid';
import { RecordDetails } from '../../kit/record-details';
import type { ContentOwner } from './content-owner';

/** The focused content owner beside the list; its full page (Enter) has the earnings rules. */
export function ContentOwnerSummary({ owner: o }: { owner: ContentOwner }) {
  return (
    <RecordDetails
      title={o.display_name}
      facts={[
        { label: 'content_owners.fields.content_owner_id', value: o.content_owner_id },
        { label: 'content_owners.fields.internal_country', value: o.internal_country },
        { label: 'content_owners.fields.report_filename_part', value: o.report_filename_part },
        { label: 'content_owners.fields.own', value: <YesNo value={o.own} /> },
        { label: 'content_owners.fields.active', value: <YesNo value={o.active} /> },
        { label: 'content_owners.fields.fetch_stats', value: <YesNo value={o.fetch_stats} /> },
        { label: 'content_owners.fields.sync_whitelisted_channels', value: <YesNo value={o.sync_whitelisted_channels} /> },
        { label: 'content_owners.fields.primary_notification_emails', value: o.primary_notification_emails },
        { label: 'content_owners.fields.conflict_notification_email', value: o.conflict_notification_email },
      ]}
    />
  );
}
