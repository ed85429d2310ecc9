import { css } from 'styled-system/css';
import type { Payout, PayoutFile } from '../../../shared/entities/payout';
import { FileSize } from '../../kit/fields';
import { CommandButton, DataGrid, Timestamp, type Column } from '../../kit/grid';
import { StateChip } from '../../kit/state-chip';
import { useT } from '../../lib/i18n';
import { previewDialog } from './dialogs';
import { tabBar } from './tab-section';

const gridBox = css({ flex: '1 1 auto', minH: '160px' });
const errorText = css({ color: 'danger', fontSize: 'xs', whiteSpace: 'normal' });
const stack = css({ display: 'flex', flexDirection: 'column', gap: '0.5', alignItems: 'flex-start' });

/** A file's import state (4.2): in progress while it has neither `imported_at` nor `last_error`. */
export function fileState(f: PayoutFile): 'importing' | 'imported' | 'failed' {
  return f.last_error ? 'failed' : f.imported_at ? 'imported' : 'importing';
}

function FileStatus({ file }: { file: PayoutFile }) {
  const t = useT();
  const state = fileState(file);
  if (state === 'failed') {
    return (
      <span className={stack}>
        <StateChip tone="error">{t('payouts.file_states.failed')}</StateChip>
        <span className={errorText}>{file.last_error}</span>
      </span>
    );
  }
  if (state === 'imported') return <StateChip tone="success">{t('payouts.file_states.imported', { count: file.rows_count ?? 0 })}</StateChip>;
  return <StateChip tone="info">{t('payouts.file_states.importing')}</StateChip>;
}

const columns: Column<PayoutFile>[] = [
  { id: 'name', header: 'payouts.file_fields.name', rowHeader: true, width: 320, grow: 3 },
  { id: 'report_name', header: 'payouts.file_fields.report_name', width: 160, grow: 1 },
  { id: 'size', header: 'payouts.file_fields.size', width: 90, grow: 0, align: 'end', cell: (f) => <FileSize bytes={f.size} /> },
  { id: 'status', header: 'payouts.file_fields.status', width: 200, grow: 1, cell: (f) => <FileStatus file={f} /> },
  { id: 'created_at', header: 'payouts.file_fields.created_at', width: 180, grow: 0, cell: (f) => <Timestamp value={f.created_at} /> },
];

/**
 * The files tab (spec 3, 2.3): the payout's report files with their import state; the row menu
 * (Shift+F10) previews a file's revenues, downloads or deletes it, Enter previews an imported file.
 */
export function FilesTab({ payout }: { payout: Payout }) {
  const t = useT();
  return (
    <>
      <div className={tabBar}>
        <CommandButton command="payouts.upload_files" />
      </div>
      <div className={gridBox}>
        <DataGrid<PayoutFile>
          label={t('payouts.tabs.files')}
          columns={columns}
          rows={payout.files}
          resource="payout_files"
          emptyText="payouts.no_files"
          onOpen={(f) => {
            if (f.can_preview_revenues) previewDialog.open(f);
          }}
        />
      </div>
    </>
  );
}
