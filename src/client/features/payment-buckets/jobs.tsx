import { css } from 'styled-system/css';
import type { PaymentBucket } from '../../../shared/entities/payment-bucket';
import { useT } from '../../lib/i18n';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });

/** Spec 3, 4.3 and 9: a bucket with pending jobs is read again every 10 seconds. */
export const POLL_MS = 10_000;

/** 'Running' while a publish or file job is pending on the bucket. */
export function JobsCell({ bucket }: { bucket: PaymentBucket }) {
  const t = useT();
  return <span className={muted}>{bucket.jobs_pending ? t('payment_buckets.jobs_running') : ''}</span>;
}
