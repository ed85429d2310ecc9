import type { Payout } from '../../../shared/entities/payout';
import { checkPayoutFileName, isDuplicateFileName, missingCompanions, type PayoutFileNameError } from '../../../shared/validation/payouts';

/** One file chosen for upload, with the shared name rules' verdict and the server's errors after a refusal. */
export interface PendingFile {
  file: File;
  error: PayoutFileNameError | null;
  /** `field message` lines from a 422 (5.3). */
  serverErrors: { field: string; key: string }[];
}

/**
 * Adds chosen files to the pending list (5.3): a name already pending or on the payout is ignored;
 * every other one is checked by the same rules the server runs. `parts` null: the content owners'
 * name parts are not readable for this user, so the server alone checks the owner.
 */
export function addPendingFiles(pending: readonly PendingFile[], chosen: readonly File[], payout: Payout, parts: readonly string[] | null): { next: PendingFile[]; ignored: number } {
  const names = [...payout.files.map((f) => f.name), ...pending.map((p) => p.file.name)];
  const next = [...pending];
  let ignored = 0;
  for (const file of chosen) {
    if (isDuplicateFileName(file.name, names)) {
      ignored += 1;
      continue;
    }
    names.push(file.name);
    const checked = checkPayoutFileName(file.name, { month: payout.month, payout_types: payout.payout_types, report_filename_parts: parts ?? [] });
    const error = checked.ok || (parts === null && checked.error === 'error_content_owner_invalid') ? null : checked.error;
    next.push({ file, error, serverErrors: [] });
  }
  return { next, ignored };
}

/** The companion hints (5.3) of the pending files: each name whose summary is neither pending nor on the payout. */
export function companionHints(pending: readonly PendingFile[], payout: Payout): { name: string; needs: string }[] {
  const pendingNames = new Set(pending.filter((p) => !p.error).map((p) => p.file.name));
  return missingCompanions([...payout.files.map((f) => f.name), ...pendingNames]).filter((m) => pendingNames.has(m.name));
}

/** The server's 422 `{files: {0: {name: [key]}}}` as `field message` lines per pending file (by index). */
export function withServerErrors(pending: readonly PendingFile[], errors: Record<string, unknown> | undefined): PendingFile[] {
  const files = (errors?.files ?? {}) as Record<string, unknown>;
  return pending.map((p, i) => {
    const own = files[String(i)];
    const lines =
      own && typeof own === 'object' && !Array.isArray(own)
        ? Object.entries(own as Record<string, unknown>).flatMap(([field, keys]) => (Array.isArray(keys) ? keys.map((key) => ({ field, key: String(key) })) : []))
        : [];
    return { ...p, serverErrors: lines };
  });
}
