import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import useSWR from 'swr';
import type { Payout } from '../../../shared/entities/payout';
import { api, ApiError, uploadWithProgress } from '../../api/client';
import { useCommandEnvironment } from '../../commands/context';
import { ModalDialog } from '../../kit/dialog';
import { FileField, FileSize } from '../../kit/fields';
import { errorText as messageOf, useT } from '../../lib/i18n';
import { jobsStarted } from '../../kit/jobs-watch';
import { invalidateResource } from '../../lib/invalidate';
import { uploadDialog } from './dialogs';
import { addPendingFiles, companionHints, withServerErrors, type PendingFile } from './upload-files';

const ACCEPT = '.csv,.gz,.zip';
const list = css({ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: '1.5', mt: '3' });
const item = css({ display: 'flex', flexDirection: 'column', gap: '0.5', p: '2', borderWidth: '1px', borderColor: 'border', borderRadius: 'md' });
const itemRow = css({ display: 'flex', alignItems: 'center', gap: '2', '& > :first-child': { mr: 'auto', wordBreak: 'break-all' } });
const bad = css({ color: 'danger', fontSize: 'xs', m: 0 });
const hint = css({ color: 'fg.muted', fontSize: 'xs', m: 0 });
const progressRow = css({ display: 'flex', alignItems: 'center', gap: '2', mt: '3', fontSize: 'sm' });

/** The content owners' file-name parts, for the owner rule (5.3); null until they are there (the server checks too). */
function useReportFilenameParts(): string[] | null {
  const { data } = useSWR('/api/payouts/report_filename_parts', (url: string) => api.get<string[]>(url, undefined, { quiet: true }), { revalidateOnFocus: false });
  return data ?? null;
}

/**
 * Upload report files to a payout (spec 3, 2.3 and 5.3): the names are checked in the browser by the
 * server's own rules, duplicates are ignored, a missing companion summary is hinted; the upload shows
 * its progress, and a refusal lists the server's errors under each file's name.
 */
export function UploadDialog() {
  const t = useT();
  const { services } = useCommandEnvironment();
  const payout = uploadDialog.useTarget();
  useEffect(() => uploadDialog.registerHost(), []);
  const parts = useReportFilenameParts();
  const [pending, setPending] = useState<PendingFile[]>([]);
  const [ignored, setIgnored] = useState(0);
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const [baseError, setBaseError] = useState<string | null>(null);
  const busy = progress !== null;

  const close = () => {
    if (busy) return;
    setPending([]);
    setIgnored(0);
    setBaseError(null);
    uploadDialog.close();
  };
  if (!payout) return null;

  const choose = (files: File[]) => {
    const { next, ignored: skipped } = addPendingFiles(pending, files, payout, parts);
    setPending(next);
    setIgnored(skipped);
    setBaseError(null);
  };
  const remove = (index: number) => setPending((p) => p.filter((_, i) => i !== index));
  const hints = companionHints(pending, payout);
  const valid = pending.length > 0 && pending.every((p) => !p.error);

  const submit = async (target: Payout) => {
    if (!valid || busy) return;
    const body = new FormData();
    pending.forEach((p, i) => body.append(`files[${i}]`, p.file, p.file.name));
    setProgress({ sent: 0, total: pending.reduce((n, p) => n + p.file.size, 0) });
    try {
      await uploadWithProgress(`/api/payouts/${target.id}/files`, body, (sent, total) => setProgress({ sent, total }));
      services.notify('success', t('payouts.uploaded', { count: pending.length }));
      setProgress(null);
      jobsStarted(`/api/payouts/${target.id}/jobs`, ['import']);
      invalidateResource(`/api/payouts/${target.id}`);
      setPending([]);
      setIgnored(0);
      uploadDialog.close();
    } catch (error) {
      setProgress(null);
      const errors = error instanceof ApiError ? (error.body as { errors?: Record<string, unknown> } | undefined)?.errors : undefined;
      if (errors) {
        setPending((p) => withServerErrors(p, errors));
        const base = Array.isArray(errors.base) ? String(errors.base[0]) : Array.isArray(errors.files) ? String(errors.files[0]) : null;
        setBaseError(base ? messageOf(t, base) : null);
      } else if (error instanceof ApiError && error.status !== 401 && error.status !== 403) {
        setBaseError(t('payouts.upload_failed', { message: error.message }));
      }
    }
  };

  const percent = progress && progress.total > 0 ? Math.round((progress.sent / progress.total) * 100) : 0;
  return (
    <ModalDialog
      isOpen
      onOpenChange={(open) => !open && close()}
      title={t('payouts.upload_title')}
      width="lg"
      dismissable={!busy}
      footer={
        <>
          <button type="button" className={button({ variant: 'secondary' })} onClick={close} disabled={busy}>
            {t('form.confirm.cancel')}
          </button>
          <button type="submit" form="upload-payout-files" className={button({ variant: 'primary' })} disabled={!valid || busy}>
            {t('payouts.upload_ok')}
          </button>
        </>
      }
    >
      <form
        id="upload-payout-files"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit(payout);
        }}
      >
        <FileField name="files" label="payouts.fields.files" hint="payouts.hints.files" accept={ACCEPT} multiple onFiles={choose} autoFocus disabled={busy} />
        {ignored > 0 && (
          <p role="status" className={hint}>
            {t('payouts.duplicates_ignored', { count: ignored })}
          </p>
        )}
        {pending.length > 0 && (
          <ul className={list} aria-label={t('payouts.pending_files')}>
            {pending.map((p, i) => {
              const needs = hints.find((h) => h.name === p.file.name)?.needs;
              return (
                <li key={p.file.name} className={item}>
                  <div className={itemRow}>
                    <span>{p.file.name}</span>
                    <span className={hint}>
                      <FileSize bytes={p.file.size} />
                    </span>
                    <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={() => remove(i)} disabled={busy} aria-label={t('payouts.remove_file', { name: p.file.name })}>
                      ✕
                    </button>
                  </div>
                  {p.error && <p className={bad}>{t('payouts.file_name_error', { message: messageOf(t, p.error) })}</p>}
                  {p.serverErrors.length > 0 && (
                    // Announced as it appears: the refusal (a name, a content already uploaded) is read out with its reason.
                    <div role="alert">
                      {p.serverErrors.map((e) => (
                        <p key={`${e.field}:${e.key}`} className={bad}>
                          {e.field} {messageOf(t, e.key)}
                        </p>
                      ))}
                    </div>
                  )}
                  {needs && <p className={hint}>{t('payouts.companion_missing', { needs })}</p>}
                </li>
              );
            })}
          </ul>
        )}
        {baseError && (
          <p role="alert" className={bad}>
            {baseError}
          </p>
        )}
        {progress && (
          <div className={progressRow}>
            <progress max={100} value={percent} aria-label={t('payouts.upload_progress')} />
            <span role="status">{t('payouts.uploading', { percent })}</span>
          </div>
        )}
      </form>
    </ModalDialog>
  );
}
