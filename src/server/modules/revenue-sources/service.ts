import type { FieldErrors } from '../../../shared/validation/core.js';
import { addError } from '../../../shared/validation/core.js';
import { orNull } from '../../../shared/validation/fields.js';
import { CHANNEL_FLAGS, type ChannelInput, type LabelInput, type RevenueSourceInput } from '../../../shared/validation/revenue-sources.js';
import type { Db } from '../../db/connection.js';
import { childRows, saveChildRows } from '../../http/child-rows.js';
import { HttpError, ValidationFailed } from '../../http/errors.js';
import type { WriteContext } from '../../http/resource.js';
import { revenueSourceUses, storedRiskRating } from './queries.js';
import './tables.js';
import '../content-owners/tables.js';
import '../whitelisted-channels/tables.js';

/** A source's lists, each saved with per-entry audit entries (`saveChildRows`). */
export const REVENUE_SOURCE_LISTS = {
  registrations: childRows({ table: 'revenue_source_registrations', parentKey: 'revenue_source_id', field: 'registrations', auditType: 'RevenueSourceRegistration' }),
  risk_assessments: childRows({
    table: 'revenue_source_risk_assessments',
    parentKey: 'revenue_source_id',
    field: 'risk_assessments',
    auditType: 'RevenueSourceRiskAssessment',
  }),
  // Flat, as stored; the whitelisted channels screen shows their history under its own type.
  whitelisted_channels: childRows({
    table: 'youtube_whitelisted_channels',
    parentKey: 'revenue_source_id',
    field: 'whitelisted_channels',
    auditType: 'YoutubeWhitelistedChannel',
  }),
};

/**
 * What the structs cannot know: content owners must exist, and a content owner whitelists a channel
 * once (another source's group or the owner's own sync may hold it already).
 */
async function checkReferences(trx: Db, id: number | null, input: RevenueSourceInput): Promise<void> {
  const registrations = input.type === 'youtube_channel' ? input.registrations : [];
  const owners = [...new Set([...registrations.map((r) => r.content_owner_id), ...input.whitelisted_groups.map((g) => g.content_owner_id)])];
  const known = new Set(owners.length ? (await trx.selectFrom('content_owners').select('id').where('id', 'in', owners).execute()).map((o) => o.id) : []);
  const errors: FieldErrors = {};
  registrations.forEach((r, i) => {
    if (!known.has(r.content_owner_id)) addError(errors, ['registrations', i, 'content_owner_id'], 'invalid');
  });
  const channels = input.whitelisted_groups.flatMap((g) => g.whitelisted_channels.map((c) => c.channel_id));
  const taken = channels.length
    ? await trx
        .selectFrom('youtube_whitelisted_channels')
        .select(['content_owner_id', 'channel_id'])
        .where('channel_id', 'in', channels)
        .$if(id !== null, (qb) => qb.where((eb) => eb.or([eb('revenue_source_id', 'is', null), eb('revenue_source_id', '!=', id!)])))
        .execute()
    : [];
  const takenKeys = new Set(taken.map((t) => `${t.content_owner_id}/${t.channel_id}`));
  input.whitelisted_groups.forEach((g, i) => {
    if (!known.has(g.content_owner_id)) addError(errors, ['whitelisted_groups', i, 'content_owner_id'], 'invalid');
    g.whitelisted_channels.forEach((c, j) => {
      if (takenKeys.has(`${g.content_owner_id}/${c.channel_id}`)) addError(errors, ['whitelisted_groups', i, 'whitelisted_channels', j, 'channel_id'], 'already_used');
    });
  });
  if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);
}

function channelColumns(input: ChannelInput) {
  return {
    reference_id: input.reference_id,
    name: input.name,
    organization_id: orNull(input.organization_id),
    category_id: orNull(input.category_id),
    comments: orNull(input.comments),
    match_policy: orNull(input.match_policy),
    usage_policy: orNull(input.usage_policy),
    gender: orNull(input.gender),
    ...Object.fromEntries(CHANNEL_FLAGS.map((f) => [f, input[f]])),
  };
}

function labelColumns(input: LabelInput) {
  return {
    reference_id: input.reference_id,
    name: orNull(input.name),
    organization_id: orNull(input.organization_id),
    comments: orNull(input.comments),
    overridden_channel_id: orNull(input.overridden_channel_id),
    is_override: input.is_override,
  };
}

/**
 * Creates (`id` null) or updates a channel or label with its lists, then stores the band of its newest
 * assessment (4.4) in the same transaction, so the list filter never disagrees with the record.
 */
export async function saveRevenueSource(w: WriteContext, id: number | null, input: RevenueSourceInput): Promise<number> {
  const { trx } = w;
  await checkReferences(trx, id, input);
  const values = input.type === 'youtube_channel' ? channelColumns(input) : labelColumns(input);
  const sourceId = id
    ? (await trx.updateTable('revenue_sources').set(values).where('id', '=', id).returning('id').executeTakeFirstOrThrow()).id
    : (await trx.insertInto('revenue_sources').values({ ...values, type: input.type }).returning('id').executeTakeFirstOrThrow()).id;

  // A new source's entries are all new, whatever ids they carry.
  const own = <T extends { id?: number | null }>(item: T) => (id ? (item.id ?? null) : null);
  const L = REVENUE_SOURCE_LISTS;
  if (input.type === 'youtube_channel') {
    await saveChildRows(
      w,
      L.registrations,
      sourceId,
      input.registrations.map((r) => ({
        id: own(r),
        values: {
          content_owner_id: r.content_owner_id,
          entered_cms_at: orNull(r.entered_cms_at),
          exited_cms_at: orNull(r.exited_cms_at),
          preferred_execution_on: r.preferred_execution_on,
          count_subscribers_on_switch: orNull(r.count_subscribers_on_switch) ?? 0,
          switch_reason: orNull(r.switch_reason),
        },
      })),
    );
    await saveChildRows(
      w,
      L.risk_assessments,
      sourceId,
      input.risk_assessments.map(({ id: _id, comment, ...a }) => ({ id: own({ id: _id }), values: { ...a, comment: orNull(comment) } })),
    );
  }
  await saveChildRows(
    w,
    L.whitelisted_channels,
    sourceId,
    input.whitelisted_groups.flatMap((g) =>
      g.whitelisted_channels.map((c) => ({ id: own(c), values: { content_owner_id: g.content_owner_id, channel_id: c.channel_id, title: orNull(c.title) } })),
    ),
  );
  await trx
    .updateTable('revenue_sources')
    .set({ risk_rating: await storedRiskRating(trx, sourceId) })
    .where('id', '=', sourceId)
    .execute();
  return sourceId;
}

/** Deletes a source with its lists, unless a contract or allocated revenue uses it (checked on the locked row). */
export async function deleteRevenueSource(w: WriteContext, id: number): Promise<void> {
  const uses = await revenueSourceUses(w.trx, id);
  if (uses.length > 0) throw new HttpError(422, { errors: { base: ['in_use'] }, used_by: uses });
  await w.trx.deleteFrom('revenue_sources').where('id', '=', id).execute();
}
