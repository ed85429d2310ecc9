import { beforeAll, describe, expect, it } from 'vitest';
import { firstOfMonth } from '../../src/shared/validation/vendor-files.js';
import { setupApi, type TestUser } from '../support/api.js';
import { CLAIM_RAW_HEADER, claimRow, csv, multipart } from '../support/payout-reports.js';

// Documents keep UPLOAD_MAX_BYTES; revenue reports have their own, larger limit (real claim files run to gigabytes).
const api = setupApi({ env: { UPLOAD_MAX_BYTES: '4096', REPORT_UPLOAD_MAX_BYTES: '65536' } });
let staff: TestUser;

const today = new Date();
const month = firstOfMonth(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1)));
const ym = month.slice(0, 7).replace('-', '');
const name = (n: number) => `YouTube_LimitMusic_M_${ym}01_claim_raw_v1-${n}.csv`;
/** A claim report of `rows` rows (about 145 bytes each). */
const report = (rows: number) => csv(Array.from({ length: rows }, (_, i) => claimRow({ video: `v${i}`, channel: 'UClimit000000000000000001', asset: `A${i}`, revenue: '0.25' })), { header: CLAIM_RAW_HEADER });

beforeAll(async () => {
  staff = await api.user(['payouts']);
  await api.db.insertInto('content_owners').values({ content_owner_id: 'CO-LIMIT', display_name: 'Limit Music', report_filename_part: 'LimitMusic', earnings_mapping_rules: JSON.stringify([]) }).execute();
});

describe('payout report upload limits', () => {
  it('takes a report over UPLOAD_MAX_BYTES, and refuses one over REPORT_UPLOAD_MAX_BYTES with too_large and no file kept', async () => {
    const payout = (await api.request({ method: 'POST', url: '/api/payouts', payload: { payout: { month, payout_types: ['adsense'], label: 'Limits' } }, as: staff })).json();
    const upload = (files: { name: string; content: string }[]) => {
      const body = multipart(files);
      return api.request({ method: 'POST', url: `/api/payouts/${payout.id}/files`, payload: body.payload, headers: body.headers, as: staff });
    };
    const big = report(60);
    expect(Buffer.byteLength(big)).toBeGreaterThan(4096);
    expect(Buffer.byteLength(big)).toBeLessThan(65536);
    const ok = await upload([{ name: name(1), content: big }]);
    expect(ok.statusCode, ok.body).toBe(201);
    await api.settled();
    const imported = await api.db.selectFrom('payout_files').select(['rows_count', 'last_error']).where('payout_id', '=', payout.id).execute();
    expect(imported).toEqual([{ rows_count: 60, last_error: null }]);

    const huge = report(600);
    expect(Buffer.byteLength(huge)).toBeGreaterThan(65536);
    const refused = await upload([{ name: name(2), content: huge }]);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toContain('too_large');
    expect(await api.db.selectFrom('payout_files').select('id').where('payout_id', '=', payout.id).execute()).toHaveLength(1);
  });
});
