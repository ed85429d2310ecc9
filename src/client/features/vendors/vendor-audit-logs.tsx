import { css } from 'styled-system/css';
import { Timestamp, type Column } from '../../kit/grid';
import { ListScreen } from '../../kit/list-screen';
import type { ListDefaults } from '../../kit/list-state';
import { useT } from '../../lib/i18n';
import { changeLines, valueText } from './change-diff';

interface AuditEntry {
  id: number;
  action: 'create' | 'update' | 'delete';
  version: number;
  audited_changes: unknown;
  created_at: string;
  user: { email: string | null; first_name?: string | null; last_name?: string | null; type?: string } | null;
}

function Changes({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const yesNo = (b: boolean) => t(b ? 'grid.yes' : 'grid.no');
  const lines = changeLines(entry.audited_changes);
  const text = lines.map((l) => `${l.path}: ${l.before === undefined ? '' : `${valueText(l.before, yesNo) || '∅'} → `}${valueText(l.after, yesNo) || '∅'}`);
  return (
    <span title={text.join('\n')} className={css({ overflow: 'hidden', textOverflow: 'ellipsis' })}>
      {text.join('; ')}
    </span>
  );
}

function ActionCell({ entry }: { entry: AuditEntry }) {
  const t = useT();
  return <>{t(`vendors.audit.actions.${entry.action}`)}</>;
}

const columns: Column<AuditEntry>[] = [
  { id: 'version', header: 'vendors.audit.version', sortable: true, width: 80, grow: 0, align: 'end' },
  { id: 'action', header: 'vendors.audit.action', width: 100, grow: 0, rowHeader: true, cell: (e) => <ActionCell entry={e} /> },
  { id: 'created_at', header: 'vendors.audit.created_at', width: 180, grow: 0, cell: (e) => <Timestamp value={e.created_at} /> },
  { id: 'user', header: 'vendors.audit.user', width: 200, grow: 1, cell: (e) => [e.user?.email, e.user?.type].filter(Boolean).join(' · ') },
  { id: 'audited_changes', header: 'vendors.audit.changes', width: 320, grow: 3, cell: (e) => <Changes entry={e} /> },
];

const defaults: ListDefaults = { sort_by: 'version', sort_direction: 'desc' };

/** The vendor's audit trail (spec 2, 2: /vendors/{id}/show/audit-logs), a paged list with the page size selector. */
export function VendorAuditLogs({ vendorId }: { vendorId: number | string }) {
  return (
    <ListScreen<AuditEntry>
      title="vendors.tabs.audit_logs"
      hideTitle
      search={false}
      publishSelection={false}
      path={`/api/audit_logs/vendor/${vendorId}`}
      resource="audit_logs"
      columns={columns}
      defaults={defaults}
    />
  );
}
