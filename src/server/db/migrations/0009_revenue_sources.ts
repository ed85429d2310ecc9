import { type Kysely, sql } from 'kysely';

// Revenue sources' parts (spec 3, 3.4): registrations with content owners, risk assessments, the
// foreign keys 0004 left for here, and the indexes allocation needs. Allocation (DOMAIN "Allocation")
// matches millions of report rows against reference ids, overridden channel ids and whitelisted
// channel ids: each is looked up exactly and by index.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE revenue_sources
      ADD CONSTRAINT revenue_sources_organization_id_fkey FOREIGN KEY (organization_id) REFERENCES organizations(id),
      ADD CONSTRAINT revenue_sources_category_id_fkey FOREIGN KEY (category_id) REFERENCES categories(id);
    -- The band of the newest assessment (4.4), kept by every write for the list filter; 'no' without one.
    UPDATE revenue_sources SET risk_rating = 'no' WHERE risk_rating IS NULL;
    ALTER TABLE revenue_sources ALTER COLUMN risk_rating SET DEFAULT 'no', ALTER COLUMN risk_rating SET NOT NULL;

    -- custom_id and label rules look a reference id up whatever the type; (type, reference_id) is unique already.
    CREATE INDEX revenue_sources_reference_id_idx ON revenue_sources (reference_id);
    -- channel_override: the label overriding a channel.
    CREATE INDEX revenue_sources_overridden_channel_idx ON revenue_sources (overridden_channel_id) WHERE overridden_channel_id IS NOT NULL;
    CREATE INDEX revenue_sources_organization_idx ON revenue_sources (organization_id);
    CREATE INDEX revenue_sources_category_idx ON revenue_sources (category_id);
    -- The list is always of one type: its sorts and the risk filter with the id tie-break.
    CREATE INDEX revenue_sources_type_created_at_idx ON revenue_sources (type, created_at, id);
    CREATE INDEX revenue_sources_type_name_idx ON revenue_sources (type, name NULLS FIRST, id);
    CREATE INDEX revenue_sources_type_risk_idx ON revenue_sources (type, risk_rating, id);
    -- q, lookup and channel search: contains-matches on reference id and name.
    CREATE INDEX revenue_sources_search_trgm_idx ON revenue_sources USING gin (reference_id gin_trgm_ops, name gin_trgm_ops);

    -- video_id / asset_channel_id rules and the channel search look whitelisted channels up by channel id.
    CREATE INDEX youtube_whitelisted_channels_channel_idx ON youtube_whitelisted_channels (channel_id);
    CREATE INDEX youtube_whitelisted_channels_search_trgm_idx ON youtube_whitelisted_channels USING gin (channel_id gin_trgm_ops, title gin_trgm_ops);

    CREATE TABLE revenue_source_registrations (
      id                           bigserial PRIMARY KEY,
      revenue_source_id            bigint NOT NULL REFERENCES revenue_sources(id) ON DELETE CASCADE,
      content_owner_id             bigint NOT NULL REFERENCES content_owners(id),
      entered_cms_at               date,
      exited_cms_at                date,
      preferred_execution_on       date NOT NULL,
      count_subscribers_on_switch  integer NOT NULL DEFAULT 0 CHECK (count_subscribers_on_switch >= 0),
      switch_reason                text,
      created_at                   timestamptz NOT NULL DEFAULT now(),
      updated_at                   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX revenue_source_registrations_source_idx ON revenue_source_registrations (revenue_source_id);
    CREATE INDEX revenue_source_registrations_content_owner_idx ON revenue_source_registrations (content_owner_id);

    CREATE TABLE revenue_source_risk_assessments (
      id                                    bigserial PRIMARY KEY,
      revenue_source_id                     bigint NOT NULL REFERENCES revenue_sources(id) ON DELETE CASCADE,
      audit_date                            date NOT NULL,
      reason                                text NOT NULL CHECK (reason IN ('onboarding', 'copyright_strike', 'community_strike',
                                              'copyright_claims', 'adsense_issues', 'ad_suitability_restriction', 'age_gated_restriction')),
      usage_of_content_without_commentary   smallint NOT NULL CHECK (usage_of_content_without_commentary BETWEEN 0 AND 2),
      usage_of_unlicensed_commercial_music  smallint NOT NULL CHECK (usage_of_unlicensed_commercial_music BETWEEN 0 AND 2),
      controversial_topics_or_bad_language  smallint NOT NULL CHECK (controversial_topics_or_bad_language BETWEEN 0 AND 2),
      shocking_images_or_footage            smallint NOT NULL CHECK (shocking_images_or_footage BETWEEN 0 AND 2),
      usage_of_misleading_thumbnails        smallint NOT NULL CHECK (usage_of_misleading_thumbnails BETWEEN 0 AND 2),
      clickbait_video_titles                smallint NOT NULL CHECK (clickbait_video_titles BETWEEN 0 AND 2),
      comment                               text,
      created_at                            timestamptz NOT NULL DEFAULT now(),
      updated_at                            timestamptz NOT NULL DEFAULT now()
    );
    -- The newest assessment of a source: latest audit date, then the latest added.
    CREATE INDEX revenue_source_risk_assessments_source_idx ON revenue_source_risk_assessments (revenue_source_id, audit_date, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE revenue_source_risk_assessments, revenue_source_registrations;
    DROP INDEX youtube_whitelisted_channels_search_trgm_idx, youtube_whitelisted_channels_channel_idx,
      revenue_sources_search_trgm_idx, revenue_sources_type_risk_idx, revenue_sources_type_name_idx,
      revenue_sources_type_created_at_idx, revenue_sources_category_idx, revenue_sources_organization_idx,
      revenue_sources_overridden_channel_idx, revenue_sources_reference_id_idx;
    ALTER TABLE revenue_sources ALTER COLUMN risk_rating DROP NOT NULL, ALTER COLUMN risk_rating DROP DEFAULT;
    ALTER TABLE revenue_sources DROP CONSTRAINT revenue_sources_category_id_fkey, DROP CONSTRAINT revenue_sources_organization_id_fkey;
  `.execute(db);
}
