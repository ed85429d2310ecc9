import { describe, expect, it } from 'vitest';
import type { Payout, PayoutFile } from '../../src/shared/entities/payout';
import { addPendingFiles, companionHints, withServerErrors } from '../../src/client/features/payouts/upload-files';

const file = (name: string) => new File(['x'], name, { type: 'text/csv' });
const payout = (files: string[] = []): Payout =>
  ({ id: 1, month: '2026-10-01', payout_types: ['adsense'], files: files.map((name, i) => ({ id: i + 1, name }) as PayoutFile) }) as Payout;
const CLAIM = 'YouTube_AcmeMusic_M_20261001_20261031_claim_raw_v1-1.csv.gz';
const SUMMARY = 'YouTube_AcmeMusic_M_20261001_20261031_asset_summary_v1-1.csv.gz';

describe('the upload dialog’s pending files (spec 3, 5.3)', () => {
  it('checks each name with the shared rules and their message keys', () => {
    const { next } = addPendingFiles([], [file(CLAIM), file('report.pdf'), file(CLAIM.replace('20261001_20261031', '20260901_20260930')), file('YouTube_Other_M_20261001_20261031_claim_raw_v1-1.csv'), file('nonsense.csv')], payout(), ['AcmeMusic']);
    expect(next.map((p) => p.error)).toEqual([null, 'error_extension_invalid', 'error_month_invalid', 'error_content_owner_invalid', 'error_name_invalid']);
  });

  it('ignores a name already pending or on the payout', () => {
    const first = addPendingFiles([], [file(CLAIM)], payout([SUMMARY]), ['AcmeMusic']);
    const again = addPendingFiles(first.next, [file(CLAIM), file(SUMMARY)], payout([SUMMARY]), ['AcmeMusic']);
    expect(again.next.map((p) => p.file.name)).toEqual([CLAIM]);
    expect(again.ignored).toBe(2);
  });

  it('leaves the owner to the server when the name parts cannot be read', () => {
    const { next } = addPendingFiles([], [file('YouTube_Other_M_20261001_20261031_claim_raw_v1-1.csv')], payout(), null);
    expect(next[0].error).toBeNull();
  });

  it('hints at a missing asset summary unless it is pending or on the payout', () => {
    const pending = addPendingFiles([], [file(CLAIM)], payout(), ['AcmeMusic']).next;
    expect(companionHints(pending, payout())).toEqual([{ name: CLAIM, needs: 'asset_summary' }]);
    expect(companionHints(pending, payout([SUMMARY]))).toEqual([]);
  });

  it('puts the server’s errors under each file by its index', () => {
    const pending = addPendingFiles([], [file(CLAIM), file(SUMMARY)], payout(), ['AcmeMusic']).next;
    const withErrors = withServerErrors(pending, { files: { '1': { name: ['already_used'] } } });
    expect(withErrors.map((p) => p.serverErrors)).toEqual([[], [{ field: 'name', key: 'already_used' }]]);
  });
});
