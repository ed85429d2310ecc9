import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import { auditList } from '../../shared/lists/audit';
import { hasTranslation, translationsAtom, useT } from '../lib/i18n';
import { changeLines, valueText } from './change-diff';
import { Timestamp, type Column } from './grid';
import { listColumns } from './list-columns';
import { ListScreen } from './list-screen';
import type { ListDefaults } from './list-state';

interface AuditEntry {
  id: number;
  /** create, update, destroy, or a transition's name (approve, sign, pause_vendor, ...). */
  action: string;
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

/** The action's word; a transition without one of its own shows its name. */
function ActionCell({ entry }: { entry: AuditEntry }) {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  const key = `audit.actions.${entry.action}`;
  return <>{hasTranslation(tree, key) ? t(key) : entry.action.replace(/_/g, ' ')}</>;
}

const columns: Column<AuditEntry>[] = listColumns(auditList, [
  { id: 'version', header: 'audit.version', width: 80, grow: 0, align: 'end' },
  { id: 'action', header: 'audit.action', width: 120, grow: 0, rowHeader: true, cell: (e) => <ActionCell entry={e} /> },
  { id: 'created_at', header: 'audit.created_at', width: 180, grow: 0, cell: (e) => <Timestamp value={e.created_at} /> },
  { id: 'user', header: 'audit.user', width: 200, grow: 1, cell: (e) => [e.user?.email, e.user?.type].filter(Boolean).join(' · ') },
  { id: 'audited_changes', header: 'audit.changes', width: 320, grow: 3, cell: (e) => <Changes entry={e} /> },
]);

const defaults: ListDefaults = { sort_by: 'version', sort_direction: 'desc' };

/**
 * A record's audit trail (spec 2, 2: `/vendors/{id}/show/audit-logs`, `/contracts/{id}/show/audit-logs`),
 * a paged list with the page size selector, from `GET /api/audit_logs/{type}/{id}`.
 */
export function AuditLogList({ type, id, title }: { type: string; id: number | string; title: string }) {
  return (
    <ListScreen<AuditEntry>
      title={title}
      hideTitle
      search={false}
      publishSelection={false}
      path={`/api/audit_logs/${type}/${id}`}
      resource="audit_logs"
      columns={columns}
      defaults={defaults}
    />
  );
}
