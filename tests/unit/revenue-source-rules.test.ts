import { describe, expect, it } from 'vitest';
import {
  flattenWhitelistedGroups,
  groupWhitelistedChannels,
  riskBand,
  sourceRiskRating,
  validateRevenueSource,
} from '../../src/shared/validation/revenue-sources.js';

const CHANNEL = 'UC' + 'a'.repeat(21) + '_';
const OTHER = 'UC' + 'b'.repeat(22);
const assessment = (sum: [number, number, number, number, number, number], audit_date = '2026-01-10') => ({
  audit_date,
  reason: 'onboarding',
  usage_of_content_without_commentary: sum[0],
  usage_of_unlicensed_commercial_music: sum[1],
  controversial_topics_or_bad_language: sum[2],
  shocking_images_or_footage: sum[3],
  usage_of_misleading_thumbnails: sum[4],
  clickbait_video_titles: sum[5],
});
const channel = (over: Record<string, unknown> = {}) => ({
  reference_id: CHANNEL,
  name: 'Gaming Central',
  registrations: [{ content_owner_id: 1, preferred_execution_on: '2026-02-01' }],
  risk_assessments: [assessment([0, 0, 0, 0, 0, 0])],
  ...over,
});

describe('revenue source rules shared with the form (spec 3, 5.4)', () => {
  it('accepts a minimal channel and coerces form values', () => {
    const result = validateRevenueSource('youtube_channel', channel({ registrations: [{ content_owner_id: '1', preferred_execution_on: '2026-02-01', count_subscribers_on_switch: '1200' }] }));
    expect(result).toMatchObject({ ok: true, value: { type: 'youtube_channel', name: 'Gaming Central', registrations: [{ content_owner_id: 1, count_subscribers_on_switch: 1200 }] } });
  });

  it('wants a UC channel id of 22 more characters and a name', () => {
    for (const reference_id of ['UCshort', 'XX' + 'a'.repeat(22), CHANNEL + 'x', 'UC' + 'a'.repeat(21) + '!']) {
      expect(validateRevenueSource('youtube_channel', channel({ reference_id }))).toEqual({ ok: false, errors: { reference_id: ['invalid'] } });
    }
    expect(validateRevenueSource('youtube_channel', channel({ reference_id: '', name: ' ' }))).toEqual({ ok: false, errors: { reference_id: ['blank'], name: ['blank'] } });
  });

  it('wants a registration with content owner, preferred execution date and a numeric subscriber count', () => {
    expect(validateRevenueSource('youtube_channel', channel({ registrations: [] }))).toEqual({ ok: false, errors: { registrations: ['too_few'] } });
    expect(validateRevenueSource('youtube_channel', channel({ registrations: [{ content_owner_id: '', preferred_execution_on: '', count_subscribers_on_switch: 'many' }] }))).toEqual({
      ok: false,
      errors: { registrations: { 0: { content_owner_id: ['blank'], preferred_execution_on: ['blank'], count_subscribers_on_switch: ['invalid'] } } },
    });
  });

  it('wants a risk assessment with every field but the comment, ratings 0 to 2', () => {
    expect(validateRevenueSource('youtube_channel', channel({ risk_assessments: [] }))).toEqual({ ok: false, errors: { risk_assessments: ['too_few'] } });
    const result = validateRevenueSource('youtube_channel', channel({ risk_assessments: [{ audit_date: '', reason: 'bored', clickbait_video_titles: 3, comment: '' }] }));
    expect(result).toEqual({
      ok: false,
      errors: {
        risk_assessments: {
          0: {
            audit_date: ['blank'],
            reason: ['invalid'],
            usage_of_content_without_commentary: ['blank'],
            usage_of_unlicensed_commercial_music: ['blank'],
            controversial_topics_or_bad_language: ['blank'],
            shocking_images_or_footage: ['blank'],
            usage_of_misleading_thumbnails: ['blank'],
            clickbait_video_titles: ['invalid'],
          },
        },
      },
    });
  });

  it('wants whitelisted groups of distinct content owners, each with a channel', () => {
    const groups = [
      { content_owner_id: 1, whitelisted_channels: [{ channel_id: OTHER }, { channel_id: OTHER }] },
      { content_owner_id: 1, whitelisted_channels: [] },
      { content_owner_id: 2, whitelisted_channels: [{ channel_id: 'nope' }] },
    ];
    expect(validateRevenueSource('youtube_label', { reference_id: 'label', whitelisted_groups: groups })).toEqual({
      ok: false,
      errors: {
        whitelisted_groups: {
          0: { whitelisted_channels: { 1: { channel_id: ['already_used'] } } },
          1: { content_owner_id: ['already_used'], whitelisted_channels: ['too_few'] },
          2: { whitelisted_channels: { 0: { channel_id: ['invalid'] } } },
        },
      },
    });
  });

  it('takes whitelisted channels flattened with their content owner as spec 7.4 sends them', () => {
    const flat = [
      { content_owner_id: 2, channel_id: OTHER, title: 'B' },
      { content_owner_id: 1, channel_id: CHANNEL, title: null },
      { content_owner_id: 2, channel_id: CHANNEL, title: null },
    ];
    const result = validateRevenueSource('youtube_label', { reference_id: 'label', whitelisted_channels: flat });
    expect(result).toMatchObject({
      ok: true,
      value: { whitelisted_groups: [{ content_owner_id: 2, whitelisted_channels: [{ channel_id: OTHER }, { channel_id: CHANNEL }] }, { content_owner_id: 1 }] },
    });
    const groups = groupWhitelistedChannels(flat);
    expect(flattenWhitelistedGroups(groups)).toEqual([flat[0], flat[2], flat[1]]);
  });

  it('wants a label reference id and keeps override flag and overridden channel apart', () => {
    expect(validateRevenueSource('youtube_label', { reference_id: ' ' })).toEqual({ ok: false, errors: { reference_id: ['blank'] } });
    expect(validateRevenueSource('youtube_label', { reference_id: 'l', is_override: 'true', overridden_channel_id: CHANNEL })).toEqual({
      ok: false,
      errors: { is_override: ['exclusive'], overridden_channel_id: ['exclusive'] },
    });
    expect(validateRevenueSource('youtube_label', { reference_id: 'l', overridden_channel_id: 'UC1' })).toEqual({ ok: false, errors: { overridden_channel_id: ['invalid'] } });
    expect(validateRevenueSource('youtube_label', { reference_id: 'l', is_override: true })).toMatchObject({ ok: true, value: { type: 'youtube_label', is_override: true } });
  });

  it('bands risk as 4.4 says: none, 0 low, 1 to 6 medium, above 6 high; the newest assessment counts', () => {
    expect([null, 0, 1, 6, 7, 12].map(riskBand)).toEqual(['no', 'low', 'medium', 'medium', 'high', 'high']);
    expect(sourceRiskRating([])).toBe('no');
    expect(sourceRiskRating([assessment([2, 2, 2, 1, 0, 0], '2026-03-01'), assessment([1, 0, 0, 0, 0, 0], '2026-01-01')])).toBe('high');
    expect(sourceRiskRating([assessment([2, 2, 2, 1, 0, 0], '2026-03-01'), assessment([0, 0, 0, 0, 0, 0], '2026-03-01')])).toBe('low');
  });
});
