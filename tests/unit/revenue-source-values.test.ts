import { describe, expect, it } from 'vitest';
import { channelRules, channelStruct, labelRules, labelStruct, validateRevenueSource } from '../../src/shared/validation/revenue-sources';
import { check } from '../../src/shared/validation/core';
import { newRevenueSource, revenueSourcePayload, revenueSourceValues, today, type RevenueSourceValues } from '../../src/client/features/revenue-sources/revenue-source';

const ratings = (n: number) => ({
  usage_of_content_without_commentary: n,
  usage_of_unlicensed_commercial_music: n,
  controversial_topics_or_bad_language: n,
  shocking_images_or_footage: n,
  usage_of_misleading_thumbnails: n,
  clickbait_video_titles: n,
});

/** A channel as GET /api/revenue_sources/:id answers (nulls where the server keeps them). */
const channel = {
  id: 4,
  type: 'youtube_channel',
  reference_id: 'UCk3Lm9QpR2sT5vW8xY1zA4b',
  name: 'Kitchen Stories Berlin',
  organization_id: 1,
  organization: { id: 1, name: 'Remit Media GmbH' },
  category_id: null,
  category: null,
  comments: null,
  match_policy: 'monetize',
  usage_policy: null,
  gender: null,
  midrolls_enabled: true,
  prerolls_enabled: false,
  postrolls_enabled: false,
  non_skippable_allowed: false,
  overlay_enabled: false,
  skippable_allowed: false,
  long_non_skippable_allowed: false,
  sponsored_cards_enabled: false,
  fetch_comments_enabled: false,
  child_friendly: false,
  part_of_youtube_partner_program: false,
  advertiser_friendly: false,
  overridden_channel_id: null,
  is_override: false,
  risk_rating: 'medium',
  contract_ids: [],
  registrations: [{ id: 9, content_owner_id: 2, entered_cms_at: null, exited_cms_at: null, preferred_execution_on: '2026-12-01', count_subscribers_on_switch: 12500, switch_reason: null }],
  risk_assessments: [{ id: 11, audit_date: '2026-11-24', reason: 'onboarding', risk_rating: 'medium', comment: null, ...ratings(1) }],
  whitelisted_channels: [
    { id: 21, content_owner_id: 2, channel_id: 'UCw4Xy7Za0Bc3De6Fg9Hj2Kl', title: 'Garden Radio' },
    { id: 22, content_owner_id: 3, channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', title: null },
    { id: 23, content_owner_id: 2, channel_id: 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De', title: 'Night Owl Beats Live' },
  ],
  whitelisted_groups: [
    {
      content_owner_id: 2,
      whitelisted_channels: [
        { id: 21, channel_id: 'UCw4Xy7Za0Bc3De6Fg9Hj2Kl', title: 'Garden Radio' },
        { id: 23, channel_id: 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De', title: 'Night Owl Beats Live' },
      ],
    },
    { content_owner_id: 3, whitelisted_channels: [{ id: 22, channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', title: null }] },
  ],
  created_at: '2026-11-24T06:00:00.000Z',
  lock_version: 3,
};

/** What the form would send: the struct's masked value through the payload builder. */
function payloadOf(values: RevenueSourceValues) {
  const result = values.type === 'youtube_channel' ? check(channelStruct(), values) : check(labelStruct(), values);
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return revenueSourcePayload(values, result.value) as Record<string, unknown>;
}

describe('revenue source form values', () => {
  it('a new channel starts with one registration and one onboarding assessment dated today; a label with neither', () => {
    const fresh = newRevenueSource('youtube_channel');
    expect(fresh.registrations).toHaveLength(1);
    expect(fresh.registrations[0].count_subscribers_on_switch).toBe('0');
    expect(fresh.risk_assessments).toEqual([expect.objectContaining({ reason: 'onboarding', audit_date: today(), clickbait_video_titles: '' })]);
    const label = newRevenueSource('youtube_label');
    expect(label.registrations).toEqual([]);
    expect(label.risk_assessments).toEqual([]);
    // an empty new channel fails on its required fields, not on the lists' counts
    expect(channelRules(fresh)).toEqual({});
    expect(labelRules(label)).toEqual({});
  });

  it('reads a record: nulls become empty, whitelisted channels grouped by content owner', () => {
    const values = revenueSourceValues(channel);
    expect(values.comments).toBe('');
    expect(values.category_id).toBe('');
    expect(values.midrolls_enabled).toBe(true);
    expect(values.registrations[0]).toEqual({
      id: 9,
      content_owner_id: 2,
      entered_cms_at: '',
      exited_cms_at: '',
      preferred_execution_on: '2026-12-01',
      count_subscribers_on_switch: '12500',
      switch_reason: '',
    });
    expect(values.risk_assessments[0]).toMatchObject({ id: 11, reason: 'onboarding', comment: '', usage_of_content_without_commentary: 1 });
    expect(values.whitelisted_groups).toEqual([
      {
        content_owner_id: 2,
        whitelisted_channels: [
          { id: 21, channel_id: 'UCw4Xy7Za0Bc3De6Fg9Hj2Kl', title: 'Garden Radio' },
          { id: 23, channel_id: 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De', title: 'Night Owl Beats Live' },
        ],
      },
      { content_owner_id: 3, whitelisted_channels: [{ id: 22, channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', title: '' }] },
    ]);
    // without the grouped form in the answer, the flat list is grouped the same way
    const { whitelisted_groups: _groups, ...flatOnly } = channel;
    expect(revenueSourceValues(flatOnly).whitelisted_groups).toEqual(values.whitelisted_groups);
  });

  it('sends the type, plain audit dates and the whitelisted channels flattened with their content owner (spec 3, 7.4)', () => {
    const payload = payloadOf(revenueSourceValues(channel));
    expect(payload.type).toBe('youtube_channel');
    expect(payload.whitelisted_groups).toBeUndefined();
    expect(payload.whitelisted_channels).toEqual([
      { id: 21, channel_id: 'UCw4Xy7Za0Bc3De6Fg9Hj2Kl', title: 'Garden Radio', content_owner_id: 2 },
      { id: 23, channel_id: 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De', title: 'Night Owl Beats Live', content_owner_id: 2 },
      { id: 22, channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', title: '', content_owner_id: 3 },
    ]);
    expect((payload.risk_assessments as { audit_date: unknown }[])[0].audit_date).toBe('2026-11-24');
    // what the server validates from it is the same channel
    const server = validateRevenueSource('youtube_channel', payload);
    expect(server.ok).toBe(true);
  });

  it('a label sends only its own fields', () => {
    const values = { ...newRevenueSource('youtube_label'), reference_id: 'Sonic Garden', overridden_channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', midrolls_enabled: true };
    const payload = payloadOf(values);
    expect(payload).toMatchObject({ type: 'youtube_label', reference_id: 'Sonic Garden', overridden_channel_id: 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', is_override: false, whitelisted_channels: [] });
    expect(payload).not.toHaveProperty('midrolls_enabled');
    expect(payload).not.toHaveProperty('registrations');
  });
});
