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

/** The sources with a signed contract covering `month` (`active_from`/`active_to` are set for signed and terminated contracts only). */
export function coveredSources(month: string): RawBuilder<unknown> {
  return sql`
    SELECT DISTINCT crs.revenue_source_id
    FROM contract_revenue_sources crs JOIN contracts c ON c.id = crs.contract_id
    WHERE c.active_from IS NOT NULL
      AND c.active_from <= (${month}::date + interval '1 month' - interval '1 day')::date
      AND (c.active_to IS NULL OR c.active_to >= ${month}::date)`;
}

/**
 * `(id, source_id, rule)` for each row `target` selects (it must answer id, content_owner_id, channel_id,
 * video_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id) that a rule places.
 * Asset metadata missing on a row (claim files carry no labels) comes from the payout's asset summaries.
 */
export function placements(payoutId: number, target: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`
    WITH rules AS MATERIALIZED (
      SELECT co.id AS content_owner_id, e->>'asset_type' AS asset_type, r.rule, r.pos
      FROM content_owners co
      CROSS JOIN LATERAL jsonb_array_elements(co.earnings_mapping_rules) e
      CROSS JOIN LATERAL jsonb_array_elements_text(e->'rules') WITH ORDINALITY AS r(rule, pos)
    ),
    owner_types AS (SELECT DISTINCT content_owner_id, asset_type FROM rules),
    assets AS (
      SELECT DISTINCT ON (asset_id) asset_id, asset_type, asset_channel_id, asset_labels, custom_id
      FROM payout_assets WHERE payout_id = ${payoutId} ORDER BY asset_id, id
    ),
    rows AS (
      SELECT t.id, t.content_owner_id, t.channel_id, t.video_id,
        coalesce(t.custom_id, a.custom_id) AS custom_id,
        coalesce(t.asset_channel_id, a.asset_channel_id) AS asset_channel_id,
        coalesce(t.asset_labels, a.asset_labels) AS asset_labels,
        lower(regexp_replace(btrim(coalesce(t.asset_type, a.asset_type, '')), '\\s+', '_', 'g')) AS asset_type
      FROM (${target}) t LEFT JOIN assets a ON a.asset_id = t.asset_id
    ),
    applicable AS MATERIALIZED (
      SELECT rw.*, ru.rule, ru.pos
      FROM rows rw
      LEFT JOIN owner_types ot ON ot.content_owner_id = rw.content_owner_id AND ot.asset_type = rw.asset_type
      JOIN rules ru ON ru.content_owner_id = rw.content_owner_id AND ru.asset_type = coalesce(ot.asset_type, 'all')
    ),
    labelled AS (
      SELECT ap.id, ap.rule, ap.pos, l.label
      FROM applicable ap CROSS JOIN LATERAL unnest(string_to_array(ap.asset_labels, '|')) AS l(label)
      WHERE ap.rule IN ('asset_label_override', 'ma_label', 'asset_label', 'label_to_channel')
    ),
    candidates AS (
      SELECT ap.id, ap.pos, ap.rule, s.id AS source_id FROM applicable ap
        JOIN revenue_sources s ON s.type = 'youtube_label' AND s.overridden_channel_id = ap.channel_id
        WHERE ap.rule = 'channel_override'
      UNION ALL
      SELECT l.id, l.pos, l.rule, s.id FROM labelled l
        JOIN revenue_sources s ON s.reference_id = l.label
          AND s.type = CASE WHEN l.rule = 'label_to_channel' THEN 'youtube_channel' ELSE 'youtube_label' END
          AND (l.rule <> 'asset_label_override' OR s.is_override)
      UNION ALL
      SELECT ap.id, ap.pos, ap.rule, s.id FROM applicable ap
        JOIN revenue_sources s ON s.reference_id = ap.custom_id
        WHERE ap.rule = 'custom_id'
      UNION ALL
      SELECT ap.id, ap.pos, ap.rule, s.id FROM applicable ap
        JOIN revenue_sources s ON s.type = 'youtube_channel' AND s.reference_id = ap.channel_id
        WHERE ap.rule = 'custom_id_matches_video_id' AND ap.custom_id = ap.video_id
      UNION ALL
      SELECT ap.id, ap.pos, ap.rule, s.id FROM applicable ap
        JOIN revenue_sources s ON s.type = 'youtube_channel' AND s.reference_id = ap.asset_channel_id
        WHERE ap.rule = 'asset_channel_id'
      UNION ALL
      SELECT ap.id, ap.pos, ap.rule, s.id FROM applicable ap
        JOIN revenue_sources s ON s.type = 'youtube_channel' AND s.reference_id = ap.channel_id
        WHERE ap.rule = 'video_id'
    )
    SELECT DISTINCT ON (id) id, source_id, rule FROM candidates ORDER BY id, pos, source_id`;
}

/** Places the unallocated rows of `types`; answers how many rows it placed. */
export async function allocateRows(trx: Db, payoutId: number, types: readonly string[]): Promise<number> {
  if (types.length === 0) return 0;
  const target = sql`
    SELECT id, content_owner_id, channel_id, video_id, asset_id, asset_type, asset_channel_id, asset_labels, custom_id
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
