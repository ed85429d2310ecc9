import { describe, expect, it } from 'vitest';
import {
  checkPayoutFileName,
  KNOWN_FILE_KINDS,
  defaultRevenueTypes,
  missingCompanions,
  parsePayoutFileName,
  revenueTypesFor,
  validateAllocateUnallocated,
  validateCreatePayout,
  validatePayoutCurrencyRates,
  validateRevenueTypes,
} from '../../src/shared/validation/payouts';

const ctx = { month: '2026-10-01', payout_types: ['adsense'], report_filename_parts: ['Acme', 'AcmeMusic', 'Nordlicht'] };

describe('payout file names (spec 3, 5.3)', () => {
  it.each([
    ['YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv', 'claim_raw', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv.gz', 'claim_raw', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_ADJ_claim_raw_v1-1.csv', 'ADJ_claim_raw', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_asset_summary_v1-1.csv.gz', 'asset_summary', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_ADJ_asset_summary_v1-1.zip', 'ADJ_asset_summary', 'zip'],
    ['YouTube_AcmeMusic_M_20261001_20261031_red_rawdata_video_v1-1.csv.gz', 'red_rawdata_video', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_20261031_red_music_rawdata_video_v1-1.csv.gz', 'red_music_rawdata_video', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_20261031_monthly_shorts_non_music_ads_video_summary_v1-0.csv', 'monthly_shorts_non_music_ads_video_summary', 'csv'],
    ['YouTube_AcmeMusic_Ecommerce_paid_features_M_20261001_20261031_v1-0.csv', 'Ecommerce_paid_features', 'csv'],
    ['YouTube_AcmeMusic_Audio_Tier_M_20261001_20261031_v1-0.csv', 'Audio_Tier', 'csv'],
    ['YouTube_AcmeMusic_label_AP_M_20261001_v1-0.csv', 'label_AP', 'csv'],
    ['YouTube_AcmeMusic_M_202610_affiliate_payment_summary_v1-0.csv', 'affiliate_payment_summary', 'csv'],
    // REPORTS.md: the newer name patterns, each the kind it is.
    ['YouTube_AcmeMusic_M_20261001_20261031_youtube_shorts_ads_revenue_month_video_summary_v1-0.csv', 'youtube_shorts_ads_revenue_month_video_summary', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_20261031_youtube_shorts_ads_revenue_month_global_video_summary_v1-0.csv', 'youtube_shorts_ads_revenue_month_video_summary', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_20261031_red_month_subscription_video_v1-0.csv.gz', 'red_month_subscription_video', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_ads_partner_revenue_month_video_summary_v1-0.csv', 'ads_partner_revenue_month_video_summary', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_custom_month_channel_adjustments_v1-0.csv', 'custom_month_channel_adjustments', 'csv'],
    ['YouTube_AcmeMusic_M_20261001_20261031_red_music_rawdata_asset_v1-1.csv.gz', 'red_music_rawdata_asset', 'gz'],
    ['YouTube_AcmeMusic_M_20261001_video_summary_v1-1.csv', 'video_summary', 'csv'],
  ])('%s is %s', (name, kind, extension) => {
    const result = checkPayoutFileName(name, ctx);
    expect(result).toMatchObject({ ok: true, file: { kind, extension, month: '2026-10-01' } });
  });

  it('takes the longest matching content owner part', () => {
    expect(checkPayoutFileName('YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv', ctx)).toMatchObject({ report_filename_part: 'AcmeMusic' });
    expect(checkPayoutFileName('YouTube_Acme_M_20261001_claim_raw_v1-1.csv', ctx)).toMatchObject({ report_filename_part: 'Acme' });
  });

  it('refuses with the spec message keys', () => {
    const error = (name: string, c = ctx) => {
      const r = checkPayoutFileName(name, c);
      return r.ok ? null : r.error;
    };
    expect(error('YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.xlsx')).toBe('error_extension_invalid');
    expect(error('report.pdf')).toBe('error_extension_invalid');
    expect(error('YouTube_AcmeMusic_M_20260901_claim_raw_v1-1.csv')).toBe('error_month_invalid');
    expect(error('YouTube_Unknown_M_20261001_claim_raw_v1-1.csv')).toBe('error_content_owner_invalid');
    // A YouTube name of no known kind is never guessed: the refusal lists the kinds known.
    expect(error('YouTube_AcmeMusic_M_20261001_something_else_v1-1.csv')).toBe(`error_kind_unknown: ${KNOWN_FILE_KINDS.join(', ')}`);
    expect(error('../YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv')).toBe('error_name_path');
    expect(error('C:\\reports\\YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv')).toBe('error_name_path');
    expect(error('YouTube_AcmeMusic_M_20261001_claim_raw.csv')).toBe('error_name_invalid');
    expect(error('YouTube_AcmeMusic_M_20261301_claim_raw_v1-1.csv')).toBe('error_name_invalid');
    expect(error('random.csv')).toBe('error_name_invalid');
    // A direct file on an adsense payout and the other way round.
    expect(error('Believe_M_20261001_direct.csv')).toBe('error_name_invalid');
    expect(error('YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv', { ...ctx, payout_types: ['direct'] })).toBe('error_name_invalid');
  });

  it('accepts direct files on a direct payout without a content owner', () => {
    const r = checkPayoutFileName('Believe_M_20261001_direct.csv', { ...ctx, payout_types: ['direct'], report_filename_parts: [] });
    expect(r).toMatchObject({ ok: true, file: { kind: 'direct', owner: 'Believe', payout_type: 'direct' }, report_filename_part: null });
    expect(checkPayoutFileName('Believe_M_20261101_direct.csv', { ...ctx, payout_types: ['direct'] })).toEqual({ ok: false, error: 'error_month_invalid' });
  });

  it('hints at missing companions of the same owner and month', () => {
    const claim = 'YouTube_AcmeMusic_M_20261001_claim_raw_v1-1.csv.gz';
    const adj = 'YouTube_AcmeMusic_M_20261001_ADJ_claim_raw_v1-1.csv';
    expect(missingCompanions([claim, adj])).toEqual([
      { name: claim, needs: 'asset_summary' },
      { name: adj, needs: 'ADJ_asset_summary' },
    ]);
    expect(missingCompanions([claim, 'YouTube_AcmeMusic_M_20261001_asset_summary_v1-1.csv.gz'])).toEqual([]);
    // Another owner's summary does not count.
    expect(missingCompanions([claim, 'YouTube_Nordlicht_M_20261001_asset_summary_v1-1.csv.gz'])).toHaveLength(1);
    expect(parsePayoutFileName('nothing.csv')).toBeNull();
  });
});

describe('payout forms (spec 3, 5.2)', () => {
  const today = new Date('2026-11-24T10:00:00Z');

  it('creates with a first-of-month, non-future month and at least one payout type', () => {
    expect(validateCreatePayout({ month: '2026-10-01', payout_types: ['direct', 'adsense'], label: ' Oct ' }, today)).toEqual({
      ok: true,
      value: { month: '2026-10-01', payout_types: ['adsense', 'direct'], label: 'Oct' },
    });
    expect(validateCreatePayout({ month: '2026-10-02', payout_types: ['adsense'] }, today)).toMatchObject({ errors: { month: ['invalid'] } });
    expect(validateCreatePayout({ month: '2026-12-01', payout_types: ['adsense'] }, today)).toMatchObject({ errors: { month: ['in_future'] } });
    expect(validateCreatePayout({ month: '', payout_types: [] }, today)).toMatchObject({ errors: { month: ['blank'], payout_types: ['too_few'] } });
    expect(validateCreatePayout({ month: '2026-10-01', payout_types: ['other'] }, today)).toMatchObject({ ok: false });
  });

  it('lists revenue types per payout type, the default without withholding tax and allocated ones', () => {
    expect(revenueTypesFor(['direct'])).toEqual(['direct']);
    expect(revenueTypesFor(['adsense', 'direct'])).toHaveLength(9);
    expect(defaultRevenueTypes(['adsense'], ['red'])).toEqual(['adsense', 'audio_tier', 'channel_adjustments', 'ecommerce', 'recoupment', 'shorts']);
    expect(validateRevenueTypes({ revenue_types: [] })).toMatchObject({ errors: { revenue_types: ['too_few'] } });
    expect(validateRevenueTypes({ revenue_types: ['direct'] }, ['adsense'])).toMatchObject({ ok: false });
  });

  it('checks currency rates as a whole', () => {
    expect(validatePayoutCurrencyRates({ currency_rates: [{ base_currency: 'usd', target_currency: 'EUR', rate: '0.9123456789' }] })).toEqual({
      ok: true,
      value: { currency_rates: [{ base_currency: 'USD', target_currency: 'EUR', rate: '0.9123456789' }] },
    });
    expect(validatePayoutCurrencyRates({ currency_rates: [{ base_currency: 'USD', target_currency: 'EUR', rate: '1,2' }] })).toMatchObject({
      errors: { currency_rates: { 0: { rate: ['invalid'] } } },
    });
    expect(validatePayoutCurrencyRates({ currency_rates: [{ base_currency: 'USD', target_currency: 'EUR', rate: '-1' }] })).toMatchObject({
      errors: { currency_rates: { 0: { rate: ['invalid'] } } },
    });
    const twice = { base_currency: 'USD', target_currency: 'EUR', rate: '1' };
    expect(validatePayoutCurrencyRates({ currency_rates: [twice, twice] })).toMatchObject({ errors: { currency_rates: { 1: { target_currency: ['already_used'] } } } });
  });

  it('allocates by hand with a source and at least one row', () => {
    expect(validateAllocateUnallocated({ assigned_id: 'UCabc', assigned_type: 'channel', revenue_ids: ['3', 4] })).toEqual({
      ok: true,
      value: { assigned_id: 'UCabc', assigned_type: 'channel', revenue_ids: [3, 4] },
    });
    expect(validateAllocateUnallocated({ assigned_id: '', assigned_type: 'x', revenue_ids: [] })).toMatchObject({
      errors: { assigned_id: ['blank'], assigned_type: ['invalid'], revenue_ids: ['too_few'] },
    });
  });
});
