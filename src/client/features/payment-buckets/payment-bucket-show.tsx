import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { PaymentBucket, PaymentFile } from '../../../shared/entities/payment-bucket';
import { DetailsSection, DetailsTable, Facts } from '../../kit/details-section';
import { CopyButton } from '../../kit/fields/copy-button';
import { formatDisplayMonth } from '../../kit/fields/dates';
import { FormTitle } from '../../kit/form';
import { CommandButton, Timestamp } from '../../kit/grid';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { StateChip } from '../../kit/state-chip';
import { invalidateResource } from '../../lib/invalidate';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import { PaymentSumCells, PaymentsSummaryTableRow } from '../payouts/money-cell';
import type { ScreenProps } from '../index';
import { useJobsWatch } from '../../kit/jobs-watch';
import { POLL_MS } from './jobs';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3', maxW: '1100px' });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', '& h1': { mb: 0, mr: 'auto' } });
const running = css({ fontSize: 'sm', color: 'fg.muted', minH: '20px' });
const failure = css({ display: 'flex', flexDirection: 'column', gap: '1', p: '3', borderWidth: '1px', borderColor: 'danger', bg: 'danger.bg', color: 'fg', borderRadius: 'md' });
const digestCell = css({ display: 'inline-flex', alignItems: 'center', gap: '1' });

/** The first characters of a SHA-256, enough to tell files apart on screen; the full value is in the tooltip and copied by the button. */
const shortDigest = (digest: string) => digest.slice(0, 10);

const fileActions = css({ display: 'flex', gap: '1', flexWrap: 'nowrap' });

function FileRow({ file }: { file: PaymentFile }) {
  const t = useT();
  const format = t(`payment_buckets.files.formats.${file.format}`);
  // Short visible labels; the name says which file (each row's buttons are told apart by screen readers).
  const which = <span className={css({ srOnly: true })}> {t('payment_buckets.files.which', { organization: file.organization.name, currency: file.currency, format })}</span>;
  // The row's buttons run the file commands on this file (the palette offers them when the bucket has one file).
  const extras = { selection: { resource: 'payment_files', ids: [file.id], rows: [file] } };
  return (
    <tr>
      <th scope="row">{file.organization.name}</th>
      <td>{file.currency}</td>
      <td>{format}</td>
      <td>
        <span className={digestCell}>
          <StateChip tone="neutral" title={file.digest}>
            <span aria-hidden="true">{shortDigest(file.digest)}</span>
            <span className={css({ srOnly: true })}>{t('payment_buckets.files.digest_full', { digest: file.digest })}</span>
          </StateChip>
          <CopyButton value={file.digest} label={t('payment_buckets.files.digest')} />
        </span>
      </td>
      <PaymentSumCells sums={file} />
      <td>
        <Timestamp value={file.created_at} />
        {file.downloaded_at && (
          // Sent: what the bank got, never rewritten (its update and delete say so when disabled).
          <div className={css({ fontSize: 'xs', color: 'fg.muted' })} data-downloaded="">
            <StateChip tone="neutral">{t('payment_buckets.files.downloaded', { date: new Date(file.downloaded_at).toLocaleString(), name: file.downloaded_by?.name ?? '' })}</StateChip>
          </div>
        )}
      </td>
      <td data-actions="">
        <span className={fileActions}>
          <CommandButton command="payment_buckets.download_file" extras={extras} size="sm">
            {t('payment_buckets.files.download')}
            {which}
          </CommandButton>
          <CommandButton command="payment_buckets.update_file" extras={extras} size="sm">
            {t('payment_buckets.files.update')}
            {which}
          </CommandButton>
          <CommandButton command="payment_buckets.delete_file" extras={extras} size="sm" variant="danger">
            {t('payment_buckets.files.delete')}
            {which}
          </CommandButton>
        </span>
      </td>
    </tr>
  );
}

/**
 * /payments/payment-buckets/{id}/show (spec 3, 2.2, 3.2, 4.3): the bucket's facts, its payments per
 * organization and currency and its payment files; publish and create files by the server's flags; read
 * again every 10 s while a job runs, and everything it changed once it is done.
 */
export default function PaymentBucketShow({ params }: ScreenProps) {
  const t = useT();
  const path = `/api/payment_buckets/${params.id}`;
  const { record: bucket, status, reload } = useRecordPage<PaymentBucket>('payment_buckets', path, { refreshInterval: (b) => (b?.jobs_pending ? POLL_MS : 0) });
  // While a publish or file job runs, a cheap status read every 500 ms learns of its end; the bucket is then read again.
  const done = useJobsWatch(`${path}/jobs`, bucket?.jobs_pending ? ['job'] : [], () => void reload());
  const wasPending = useRef(false);
  useEffect(() => {
    if (!bucket) return;
    if (wasPending.current && !bucket.jobs_pending) invalidateResource('/api/payments');
    wasPending.current = bucket.jobs_pending;
  }, [bucket]);

  if (!bucket) return <RecordLoadState status={status} title="pages.payment_buckets.show" listPath={routePath('payment_buckets.list')} onRetry={() => void reload()} />;
  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.payment_buckets.show" name={bucket.name} />
        <CommandButton command="payment_buckets.publish_payments" variant="primary" />
        <CommandButton command="payment_buckets.create_payment_files" variant="secondary" />
        <CommandButton command="payment_buckets.edit_current" variant="secondary" />
        <CommandButton command="payment_buckets.delete_current" variant="danger" />
      </div>
      <div role="status" className={running} data-jobs-status="">
        {bucket.jobs_pending ? t('payment_buckets.jobs_pending') : done && !bucket.last_job_failure ? t('payment_buckets.jobs_done') : ''}
      </div>
      {bucket.last_job_failure && !bucket.jobs_pending && (
        // Why the last publish or file job made nothing (a missing debtor account, a creditor without a town): the server's words.
        <section className={failure} aria-label={t('payment_buckets.job_failed.label')} data-job-failure="">
          <strong>{t('payment_buckets.job_failed.title', { action: t(`payment_buckets.job_failed.actions.${bucket.last_job_failure.job}`) })}</strong>
          <span>{bucket.last_job_failure.message}</span>
          <span className={running}>
            <Timestamp value={bucket.last_job_failure.failed_at} />
          </span>
        </section>
      )}
      <DetailsSection title="payment_buckets.sections.details">
        <Facts
          rows={[
            ['payment_buckets.fields.name', bucket.name],
            ['payment_buckets.fields.payments_count', String(bucket.payments_count)],
            ['payment_buckets.fields.payout', bucket.payout ? formatDisplayMonth(bucket.payout.month) : null],
            ['payment_buckets.fields.created_at', <Timestamp key="c" value={bucket.created_at} />],
          ]}
        />
      </DetailsSection>
      <DetailsSection title="payment_buckets.sections.payments_summary">
        <DetailsTable
          columns={[
            'payment_buckets.summary.organization',
            'payment_buckets.summary.currency',
            { key: 'payment_buckets.summary.payments_count', num: true },
            { key: 'payment_buckets.summary.amount', num: true },
            { key: 'payment_buckets.summary.vat_amount', num: true },
            { key: 'payment_buckets.summary.wht_amount', num: true },
            { key: 'payment_buckets.summary.total_amount', num: true },
          ]}
          items={bucket.payments_summary}
          row={(r) => <PaymentsSummaryTableRow key={`${r.organization_id}|${r.currency}`} row={r} />}
          empty="payment_buckets.summary.empty"
        />
      </DetailsSection>
      <DetailsSection title="payment_buckets.sections.payment_files">
        <DetailsTable
          columns={[
            'payment_buckets.files.organization',
            'payment_buckets.summary.currency',
            'payment_buckets.files.format',
            'payment_buckets.files.digest',
            { key: 'payment_buckets.summary.payments_count', num: true },
            { key: 'payment_buckets.summary.amount', num: true },
            { key: 'payment_buckets.summary.vat_amount', num: true },
            { key: 'payment_buckets.summary.wht_amount', num: true },
            { key: 'payment_buckets.summary.total_amount', num: true },
            'payment_buckets.fields.created_at',
            'payment_buckets.files.actions',
          ]}
          items={bucket.payment_files}
          row={(f) => <FileRow key={f.id} file={f} />}
          empty="payment_buckets.files.empty"
        />
      </DetailsSection>
      {bucket.payments_kept_out.length > 0 && (
        // Payments no file can take (a total of zero or less, a name outside the SEPA set): the others' files are made without them.
        <DetailsSection title="payment_buckets.sections.payments_kept_out">
          <DetailsTable
            columns={['payment_buckets.kept_out.reference', 'payment_buckets.kept_out.reason']}
            items={bucket.payments_kept_out}
            row={(k) => (
              <tr key={k.id}>
                <th scope="row">
                  <a href={routePath('payments.show', { id: k.id })}>{k.reference}</a>
                </th>
                <td>{k.reason}</td>
              </tr>
            )}
            empty="payment_buckets.summary.empty"
          />
        </DetailsSection>
      )}
    </div>
  );
}
