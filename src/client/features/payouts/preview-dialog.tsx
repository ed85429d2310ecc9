import { useEffect } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import type { FileRevenuePreview, FileRevenuePreviewRow } from '../../../shared/entities/payout';
import { api } from '../../api/client';
import { ModalDialog } from '../../kit/dialog';
import { DataGrid, YesNo, type Column } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { Money } from './money-cell';
import { previewDialog } from './dialogs';

const gridBox = css({ h: '320px' });
const totals = css({ display: 'flex', gap: '4', flexWrap: 'wrap', m: 0, mt: '2', p: 0, listStyle: 'none', fontSize: 'sm', fontVariantNumeric: 'tabular-nums' });

const columns: Column<FileRevenuePreviewRow>[] = [
  { id: 'organization_name', header: 'payouts.preview_fields.organization', rowHeader: true, width: 200, grow: 2, cell: (r) => r.organization_name ?? '—' },
  { id: 'organization_number', header: 'payouts.preview_fields.organization_number', width: 110, grow: 0, cell: (r) => r.organization_number ?? '' },
  { id: 'wbs_code', header: 'payouts.preview_fields.wbs_code', width: 110, grow: 0, cell: (r) => r.wbs_code ?? '' },
  { id: 'revenue_source_reference_ids', header: 'payouts.preview_fields.revenue_sources', width: 200, grow: 1, cell: (r) => r.revenue_source_reference_ids.join(', ') },
  { id: 'contract_present', header: 'payouts.preview_fields.contract_present', width: 90, grow: 0, cell: (r) => <YesNo value={r.contract_present} /> },
  { id: 'total_revenue', header: 'payouts.preview_fields.total_revenue', width: 150, grow: 0, align: 'end', cell: (r) => <Money value={r.total_revenue} currency={r.currency} /> },
];

/** A file's revenues as allocation would place them, with totals per currency (DOMAIN "Payouts"). */
export function PreviewDialog() {
  const t = useT();
  const file = previewDialog.useTarget();
  useEffect(() => previewDialog.registerHost(), []);
  const key = file ? `/api/payouts/${file.payout_id}/files/${file.id}/preview_revenues` : null;
  const { data, error, isLoading, mutate } = useSWR<FileRevenuePreview>(key, (url: string) => api.get<FileRevenuePreview>(url), { revalidateOnFocus: false });
  if (!file) return null;
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && previewDialog.close()}
      title={t('payouts.preview_title', { name: file.name })}
      width="lg"
      footer={
        <button type="button" className={button({ variant: 'secondary' })} onClick={() => previewDialog.close()}>
          {t('payouts.close')}
        </button>
      }
    >
      <div className={gridBox}>
        <DataGrid<FileRevenuePreviewRow>
          label={t('payouts.preview_title', { name: file.name })}
          columns={columns}
          rows={data?.entries ?? []}
          rowKey={(r) => `${r.organization_number ?? ''}|${r.currency}|${r.revenue_source_reference_ids.join(',')}`}
          loading={isLoading}
          error={error}
          onRetry={() => void mutate()}
        />
      </div>
      {data && (
        <ul className={totals} aria-label={t('payouts.preview_totals')}>
          {data.totals.map((x) => (
            <li key={x.currency}>
              {t('payouts.total')}: <Money value={x.total_revenue} currency={x.currency} />
            </li>
          ))}
        </ul>
      )}
    </ModalDialog>
  );
}
