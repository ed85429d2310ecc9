import { useEffect, useMemo, useRef, useState } from 'react';
import useSWR from 'swr';
import { css } from 'styled-system/css';
import type { JobsStatus } from '../../../shared/entities/jobs-status';
import type { VendorFile } from '../../../shared/entities/vendor-file';
import { api } from '../../api/client';
import { useInitData } from '../../api/init-data';
import { invalidateLists, Timestamp, type Column } from '../../kit/grid';
import { formatDisplayMonth } from '../../kit/fields/dates';
import { JOBS_STATUS_MS } from '../../kit/jobs-watch';
import { ListScreen } from '../../kit/list-screen';
import { useT } from '../../lib/i18n';
import { CreateVendorFilesDialog } from './create-dialog';
import { setCreateDialogOpen, useCreateDialogOpen } from './create-dialog-state';
import { PENDING_KEY, takeScheduled } from './pending';
import { listColumns } from '../../kit/list-columns';
import { listFilters } from '../../kit/list-filters';
import { vendorFilesList } from '../../../shared/lists/vendor-files';

const R = 'vendor_files';
const chip = css({ display: 'inline-flex', alignItems: 'center', px: '2', h: '20px', borderRadius: 'full', bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border', fontFamily: 'mono', fontSize: 'xs' });
const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const pendingNote = css({ fontSize: 'sm', color: 'fg.muted' });

/** The digest's first 6 characters as a chip, the whole SHA-256 in its tooltip and for screen readers. */
function DigestChip({ digest }: { digest: string }) {
  const t = useT();
  return (
    <span className={chip} title={digest}>
      <span aria-hidden="true">{digest.slice(0, 6)}</span>
      <span className="sr-only">{t('vendor_files.digest_label', { digest })}</span>
    </span>
  );
}

const columns: Column<VendorFile>[] = listColumns(vendorFilesList, [
  { id: 'id', header: `${R}.fields.id`, width: 70, grow: 0, align: 'end' },
  {
    id: 'organization',
    header: `${R}.fields.organization`,
    rowHeader: true,
    width: 240,
    grow: 2,
    cell: (f) => (
      <>
        <span>{f.organization.name}</span> <span className={muted}>{f.organization.number}</span>
      </>
    ),
  },
  { id: 'month', header: `${R}.fields.month`, width: 110, grow: 0, cell: (f) => <span>{formatDisplayMonth(f.month)}</span> },
  { id: 'digest', header: `${R}.fields.digest`, width: 110, grow: 0, cell: (f) => <DigestChip digest={f.digest} /> },
  { id: 'created_at', header: `${R}.fields.created_at`, width: 180, grow: 0, cell: (f) => <Timestamp value={f.created_at} /> },
]);
const defaults = { sort_by: 'created_at', sort_direction: 'desc' } as const;

/**
 * While `create_all`'s jobs run, the list says so and asks a cheap status every 500 ms; when they are
 * done it says so (a polite live region) and reloads the list, so the new files appear at once.
 */
function PendingJobs() {
  const t = useT();
  const wasPending = useRef(false);
  const [done, setDone] = useState(false);
  // Every answer counts, also one equal to the last: `data` keeps its identity when two answers are
  // equal ({jobs_pending: false} before the create and again after jobs that ended before the first
  // read), so an effect on it missed the end and the list was never reloaded.
  const { data } = useSWR<JobsStatus>(PENDING_KEY, () => api.get<JobsStatus>('/api/vendor_files/jobs'), {
    refreshInterval: (latest) => (latest?.jobs_pending ? JOBS_STATUS_MS : 0),
    revalidateOnFocus: false,
    dedupingInterval: 0,
    onSuccess: (status) => {
      if (status.jobs_pending) setDone(false);
      else if (wasPending.current || takeScheduled()) {
        void invalidateLists('/api/vendor_files');
        setDone(true);
      }
      wasPending.current = status.jobs_pending;
    },
  });
  const pending = data?.jobs_pending ?? false;
  return (
    <span role="status" className={pendingNote} data-jobs-status="">
      {pending ? t('vendor_files.jobs_pending') : done ? t('vendor_files.jobs_done') : ''}
    </span>
  );
}

/** /vendor-files (spec 2, 2 "Vendor files"): filters organization and month, downloads, create dialog, delete. */
export default function VendorFilesList() {
  const { organizations } = useInitData();
  const open = useCreateDialogOpen();
  const filters = useMemo(
    () =>
      listFilters(vendorFilesList, [
        { kind: 'select', name: 'organization_id', label: `${R}.fields.organization`, options: organizations.map((o) => ({ value: String(o.id), label: o.name })) },
        { kind: 'month', name: 'month', label: `${R}.fields.month` },
      ]),
    [organizations],
  );
  // Leaving the screen closes the dialog, so it does not open again on the next visit.
  useEffect(() => () => setCreateDialogOpen(false), []);
  return (
    <>
      <ListScreen<VendorFile>
        title={`${R}.title`}
        path="/api/vendor_files"
        resource={R}
        columns={columns}
        filters={filters}
        defaults={defaults}
        toolbar={<PendingJobs />}
        newCommand="vendor_files.create"
        openCommand="vendor_files.download"
      />
      <CreateVendorFilesDialog isOpen={open} onClose={() => setCreateDialogOpen(false)} />
    </>
  );
}
