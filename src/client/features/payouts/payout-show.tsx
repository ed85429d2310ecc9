import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';
import type { Payout } from '../../../shared/entities/payout';
import { formatDisplayMonth } from '../../kit/fields/dates';
import { FormTitle } from '../../kit/form';
import { CommandButton } from '../../kit/grid';
import { useJobsWatch } from '../../kit/jobs-watch';
import { RecordLoadState, useRecordPage } from '../../kit/record-page';
import { RouteTabs } from '../../kit/route-tabs';
import { invalidateResource } from '../../lib/invalidate';
import { useT } from '../../lib/i18n';
import { routePath } from '../../route-table';
import type { ScreenProps } from '../index';
import { CurrencyRatesTab } from './currency-rates-tab';
import { FilesTab, fileState } from './files-tab';
import { PaymentsTab } from './payments-tab';
import { PayoutTypes } from './payout-types';
import { PreviewDialog } from './preview-dialog';
import { RevenueTypesDialog } from './revenue-types-dialog';
import { RevenuesTab } from './revenues-tab';
import { RevenuesWithoutContractsTab } from './revenues-without-contracts-tab';
import { PAYOUT_TABS, payoutTabPath } from './tabs';
import { UploadDialog } from './upload-dialog';

const page = css({ display: 'flex', flexDirection: 'column', gap: '3', minH: 0, h: '100%' });
const head = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', '& h1': { mb: 0, mr: 'auto' } });
const running = css({ fontSize: 'sm', color: 'fg.muted', minH: '20px' });

/** Spec 3, 4.2 and 9: a payout with running jobs is read again every 10 seconds. */
export const POLL_MS = 10_000;

/**
 * What runs: the server's pending jobs, and imports of files still in progress (4.2: neither
 * `imported_at` nor `last_error`), which a read just after the upload may not count as pending yet.
 */
function runningJobs(payout: Payout): string[] {
  const importing = payout.files.some((f) => fileState(f) === 'importing');
  const jobs = [...payout.pending_jobs];
  if (importing && !jobs.includes('import')) jobs.unshift('import');
  if (payout.jobs_pending && jobs.length === 0) jobs.push('other');
  return jobs;
}

/**
 * Says what runs while jobs are pending (imports, allocation, its undo, the payment run) and, once they
 * ended, that they are done (a polite live region, so a screen reader hears both).
 */
function PendingJobs({ payout, ended }: { payout: Payout; ended: string[] | null }) {
  const t = useT();
  const jobs = runningJobs(payout);
  const what = (kinds: string[]) => kinds.map((j) => t(`payouts.jobs.${j}`)).join(', ');
  return (
    <div role="status" className={running} data-jobs-status="">
      {jobs.length > 0 ? t('payouts.jobs_pending', { what: what(jobs) }) : ended ? t('payouts.jobs_done', { what: what(ended) }) : ''}
    </div>
  );
}

/**
 * /payouts/{id}/show[/tab] (spec 3, 2.3): the payout's facts, what its jobs are doing (re-read every
 * 10 s while they run, 4.2), and its tabs: files (default), revenues, revenues without contracts,
 * currency rates, payments. The dialogs its commands open are mounted here, whichever tab shows.
 */
export default function PayoutShow({ params }: ScreenProps) {
  const path = `/api/payouts/${params.id}`;
  const { record: payout, status, reload } = useRecordPage<Payout>('payouts', path, { refreshInterval: (p) => (p && runningJobs(p).length > 0 ? POLL_MS : 0) });
  // While jobs run, a cheap status read every 500 ms learns of their end; the payout is then read again.
  const ended = useJobsWatch(`${path}/jobs`, payout ? runningJobs(payout) : [], () => void reload());
  // When the jobs are done, what they changed (revenues, rates, previews) is read again.
  const wasPending = useRef(false);
  useEffect(() => {
    if (!payout) return;
    const pending = runningJobs(payout).length > 0;
    if (wasPending.current && !pending) invalidateResource(path);
    wasPending.current = pending;
  }, [payout, path]);

  if (!payout) return <RecordLoadState status={status} title="pages.payouts.show" listPath={routePath('payouts.list')} onRetry={() => void reload()} />;
  const tab = params.tab;
  return (
    <div className={page}>
      <div className={head}>
        <FormTitle title="pages.payouts.show" name={[formatDisplayMonth(payout.month), payout.label].filter(Boolean).join(' · ')} />
        <PayoutTypes types={payout.payout_types} />
        <CommandButton command="payouts.delete_current" variant="danger" />
      </div>
      <PendingJobs payout={payout} ended={ended} />
      <RouteTabs label="payouts.tabs.label" tabs={PAYOUT_TABS.map((x) => ({ href: payoutTabPath(payout.id, x.tab), label: x.label }))} />
      {tab === 'revenues' ? (
        <RevenuesTab payout={payout} />
      ) : tab === 'revenues-without-contracts' ? (
        <RevenuesWithoutContractsTab payout={payout} />
      ) : tab === 'currency-rates' ? (
        <CurrencyRatesTab payout={payout} />
      ) : tab === 'payments' ? (
        <PaymentsTab payout={payout} />
      ) : (
        <FilesTab payout={payout} />
      )}
      <UploadDialog />
      <PreviewDialog />
      <RevenueTypesDialog />
    </div>
  );
}
