import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/connection.js';

/**
 * Allocation (DOMAIN "Allocation"), set-based: one statement places every unallocated row of the chosen
 * types. Each row gets the rules of its content owner for its asset type (else for `all`); every rule
 * yields its candidate sources by hash joins on the sources' reference ids, and the first rule in the
 * owner's order that names an existing source wins (ties: the lowest source id, so a re-run places alike).
 *
 * A label's `is_override` and `overridden_channel_id` exclude each other (spec 3, 3.4 and its label
 * rules), so DOMAIN's "is_override set and overridden_channel_id the row's channel" cannot both hold:
 * `channel_override` takes the label that names the row's channel as overridden, and
 * `asset_label_override` takes a label named by an asset label only when its override flag is set.
 */

/**
 * `(id, source_id, rule)` for each row `target` selects (it must answer id, content_owner_id, channel_id,
 * channel_name, video_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id) that a rule places.
 * Asset metadata missing on a row (claim files carry no labels) comes from the payout's asset summaries;
 * a row with only a channel name (some ecommerce files) has the channel of that name, if exactly one has it.
 */
export function placements(payoutId: number, target: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    WITH rules AS MATERIALIZED (
      SELECT co.id AS content_owner_id, e->>'asset_type' AS asset_type, r.rule, r.pos
      FROM content_owners co
      CROSS JOIN LATERAL jsonb_array_elements(co.earnings_mapping_rules) e
      CROSS JOIN LATERAL jsonb_array_elements_text(e->'rules') WITH ORDINALITY AS r(rule, pos)
    ),
    -- One row per owner and asset type with each rule's position (null: not used), so every report row
    -- joins exactly one rule set instead of being repeated once per rule.
    owner_rules AS MATERIALIZED (
      SELECT content_owner_id, asset_type,
        min(pos) FILTER (WHERE rule = 'channel_override') AS p_channel_override,
        min(pos) FILTER (WHERE rule = 'asset_label_override') AS p_asset_label_override,
        min(pos) FILTER (WHERE rule = 'label_to_channel') AS p_label_to_channel,
        min(pos) FILTER (WHERE rule = 'ma_label') AS p_ma_label,
        min(pos) FILTER (WHERE rule = 'asset_label') AS p_asset_label,
        min(pos) FILTER (WHERE rule = 'custom_id') AS p_custom_id,
        min(pos) FILTER (WHERE rule = 'custom_id_matches_video_id') AS p_custom_id_matches_video_id,
        min(pos) FILTER (WHERE rule = 'asset_channel_id') AS p_asset_channel_id,
        min(pos) FILTER (WHERE rule = 'video_id') AS p_video_id
      FROM rules GROUP BY content_owner_id, asset_type
    ),
    assets AS (
      SELECT DISTINCT ON (asset_id) asset_id, asset_type, asset_channel_id, asset_labels, custom_id
      FROM payout_assets WHERE payout_id = ${payoutId} ORDER BY asset_id, id
    ),
    described AS (
      SELECT t.id, t.content_owner_id,
        CASE WHEN t.channel_id IS NOT NULL OR t.channel_name IS NULL THEN t.channel_id ELSE (
          SELECT min(s.reference_id) FROM revenue_sources s WHERE s.type = 'youtube_channel' AND s.name = t.channel_name HAVING count(*) = 1
        ) END AS channel_id,
        t.video_id,
        coalesce(t.custom_id, a.custom_id) AS custom_id,
        coalesce(t.asset_channel_id, a.asset_channel_id) AS asset_channel_id,
        coalesce(t.asset_labels, a.asset_labels) AS asset_labels,
        lower(regexp_replace(btrim(coalesce(t.asset_type, a.asset_type, '')), '\\s+', '_', 'g')) AS asset_type
      FROM (${target}) t LEFT JOIN assets a ON a.asset_id = t.asset_id
    ),
    rows AS MATERIALIZED (
      SELECT d.id, d.channel_id, d.video_id, d.custom_id, d.asset_channel_id, d.asset_labels, o.*
      FROM described d
      LEFT JOIN owner_rules own ON own.content_owner_id = d.content_owner_id AND own.asset_type = d.asset_type
      JOIN owner_rules o ON o.content_owner_id = d.content_owner_id AND o.asset_type = coalesce(own.asset_type, 'all')
    ),
    candidates AS (
      SELECT r.id, r.p_channel_override AS pos, 'channel_override' AS rule, s.id AS source_id FROM rows r
        JOIN revenue_sources s ON s.type = 'youtube_label' AND s.overridden_channel_id = r.channel_id
        WHERE r.p_channel_override IS NOT NULL
      UNION ALL
      SELECT r.id, v.pos, v.rule, s.id FROM rows r
        CROSS JOIN LATERAL unnest(string_to_array(r.asset_labels, '|')) AS l(label)
        JOIN revenue_sources s ON s.reference_id = l.label
        CROSS JOIN LATERAL (VALUES
          ('asset_label_override', r.p_asset_label_override, s.type = 'youtube_label' AND s.is_override),
          ('ma_label', r.p_ma_label, s.type = 'youtube_label'),
          ('asset_label', r.p_asset_label, s.type = 'youtube_label'),
          ('label_to_channel', r.p_label_to_channel, s.type = 'youtube_channel')) AS v(rule, pos, fits)
        WHERE r.asset_labels IS NOT NULL AND v.pos IS NOT NULL AND v.fits
      UNION ALL
      SELECT r.id, r.p_custom_id, 'custom_id', s.id FROM rows r
        JOIN revenue_sources s ON s.reference_id = r.custom_id
        WHERE r.p_custom_id IS NOT NULL
      UNION ALL
      SELECT r.id, v.pos, v.rule, s.id FROM rows r
        JOIN revenue_sources s ON s.type = 'youtube_channel' AND s.reference_id = r.channel_id
        CROSS JOIN LATERAL (VALUES
          ('custom_id_matches_video_id', CASE WHEN r.custom_id = r.video_id THEN r.p_custom_id_matches_video_id END),
          ('video_id', r.p_video_id)) AS v(rule, pos)
        WHERE (r.p_video_id IS NOT NULL OR r.p_custom_id_matches_video_id IS NOT NULL) AND v.pos IS NOT NULL
      UNION ALL
      SELECT r.id, r.p_asset_channel_id, 'asset_channel_id', s.id FROM rows r
        JOIN revenue_sources s ON s.type = 'youtube_channel' AND s.reference_id = r.asset_channel_id
        WHERE r.p_asset_channel_id IS NOT NULL
    )
    SELECT DISTINCT ON (id) id, source_id, rule FROM candidates ORDER BY id, pos, source_id`;
}

/**
 * The rules' JSON functions make the planner guess millions of rows, which switches on JIT compilation:
 * seconds of compiling on the 2-core machine for a query that runs in one. Off for the transaction.
 */
export async function withoutJit(trx: Db): Promise<void> {
  await sql`SET LOCAL jit = off`.execute(trx);
}

/** Places the unallocated rows of `types` (in the caller's transaction); answers how many rows it placed. */
export async function allocateRows(trx: Db, payoutId: number, types: readonly string[]): Promise<number> {
  if (types.length === 0) return 0;
  await withoutJit(trx);
  const target = sql`
    SELECT id, content_owner_id, channel_id, channel_name, video_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id
    FROM payout_revenues
    WHERE payout_id = ${payoutId} AND revenue_type = ANY(${[...types]}::text[]) AND revenue_source_id IS NULL`;
  const result = await sql`
    UPDATE payout_revenues v SET revenue_source_id = p.source_id, allocated_by = p.rule
    FROM (${placements(payoutId, target)}) p
    WHERE v.id = p.id`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}

/** Undoes the allocation of `types` (rule-placed and manual alike); answers how many rows it released. */
export async function releaseRows(trx: Db, payoutId: number, types: readonly string[]): Promise<number> {
  if (types.length === 0) return 0;
  const result = await sql`
    UPDATE payout_revenues SET revenue_source_id = NULL, allocated_by = NULL
    WHERE payout_id = ${payoutId} AND revenue_type = ANY(${[...types]}::text[]) AND revenue_source_id IS NOT NULL`.execute(trx);
  return Number(result.numAffectedRows ?? 0);
}
