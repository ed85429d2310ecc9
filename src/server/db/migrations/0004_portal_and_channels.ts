import { type Kysely, sql } from 'kysely';

// Vendor-portal content (FAQ sections, FAQs, pages), revenue sources and whitelisted channels.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE portal_faq_sections (
      id          bigserial PRIMARY KEY,
      name        text NOT NULL,
      locale      text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0,
      -- Target of the FAQs' (section, locale) reference below.
      CONSTRAINT portal_faq_sections_id_locale_key UNIQUE (id, locale)
    );
    CREATE UNIQUE INDEX portal_faq_sections_locale_name_key ON portal_faq_sections (locale, lower(name));

    -- The FAQ's locale is part of the reference, so a FAQ can never sit in a section of another
    -- language, and a section's locale cannot change while it holds FAQs (NO ACTION on update).
    CREATE TABLE portal_faqs (
      id                     bigserial PRIMARY KEY,
      portal_faq_section_id  bigint NOT NULL,
      locale                 text NOT NULL,
      title                  text NOT NULL,
      body                   text NOT NULL,
      created_at             timestamptz NOT NULL DEFAULT now(),
      updated_at             timestamptz NOT NULL DEFAULT now(),
      lock_version           integer NOT NULL DEFAULT 0,
      CONSTRAINT portal_faqs_section_fkey FOREIGN KEY (portal_faq_section_id, locale)
        REFERENCES portal_faq_sections (id, locale)
    );
    CREATE INDEX portal_faqs_section_idx ON portal_faqs (portal_faq_section_id, locale);

    CREATE TABLE portal_pages (
      id          bigserial PRIMARY KEY,
      name        text NOT NULL,
      locale      text NOT NULL,
      title       text NOT NULL,
      body        text NOT NULL,
      created_at  timestamptz NOT NULL DEFAULT now(),
      updated_at  timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX portal_pages_locale_name_key ON portal_pages (locale, lower(name));

    -- Channels and labels revenue is allocated to (spec 3, 3.4): the plain columns. Registrations, risk
    -- assessments and contracts come with the revenue area. organization_id and category_id get their
    -- foreign keys there too, next to the tables of the reference-data migration.
    CREATE TABLE revenue_sources (
      id                                bigserial PRIMARY KEY,
      type                              text NOT NULL CHECK (type IN ('youtube_channel', 'youtube_label')),
      name                              text,
      reference_id                      text NOT NULL,
      content_owner_id                  bigint REFERENCES content_owners(id),
      organization_id                   bigint,
      category_id                       bigint,
      comments                          text,
      match_policy                      text CHECK (match_policy IN ('monetize', 'block', 'none')),
      usage_policy                      text CHECK (usage_policy IN ('monetize_all', 'track_all')),
      gender                            text CHECK (gender IN ('male', 'female', 'diverse', 'mixed_gender_group', 'company_channel')),
      midrolls_enabled                  boolean NOT NULL DEFAULT false,
      prerolls_enabled                  boolean NOT NULL DEFAULT false,
      postrolls_enabled                 boolean NOT NULL DEFAULT false,
      non_skippable_allowed             boolean NOT NULL DEFAULT false,
      overlay_enabled                   boolean NOT NULL DEFAULT false,
      skippable_allowed                 boolean NOT NULL DEFAULT false,
      long_non_skippable_allowed        boolean NOT NULL DEFAULT false,
      sponsored_cards_enabled           boolean NOT NULL DEFAULT false,
      fetch_comments_enabled            boolean NOT NULL DEFAULT false,
      child_friendly                    boolean NOT NULL DEFAULT false,
      part_of_youtube_partner_program   boolean NOT NULL DEFAULT false,
      advertiser_friendly               boolean NOT NULL DEFAULT false,
      -- The latest risk assessment's rating, kept on the source for the list filter.
      risk_rating                       text CHECK (risk_rating IN ('no', 'low', 'medium', 'high')),
      overridden_channel_id             text,
      is_override                       boolean NOT NULL DEFAULT false,
      created_at                        timestamptz NOT NULL DEFAULT now(),
      updated_at                        timestamptz NOT NULL DEFAULT now(),
      lock_version                      integer NOT NULL DEFAULT 0,
      CONSTRAINT revenue_sources_type_reference_id_key UNIQUE (type, reference_id)
    );
    CREATE INDEX revenue_sources_content_owner_idx ON revenue_sources (content_owner_id);

    -- Channels a content owner has whitelisted; those of a revenue source's whitelisted groups name it
    -- and go with it, those synchronised from the content owner have none.
    CREATE TABLE youtube_whitelisted_channels (
      id                 bigserial PRIMARY KEY,
      content_owner_id   bigint NOT NULL REFERENCES content_owners(id),
      channel_id         text NOT NULL,
      title              text,
      revenue_source_id  bigint REFERENCES revenue_sources(id) ON DELETE CASCADE,
      created_at         timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT youtube_whitelisted_channels_owner_channel_key UNIQUE (content_owner_id, channel_id)
    );
    CREATE INDEX youtube_whitelisted_channels_revenue_source_idx ON youtube_whitelisted_channels (revenue_source_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE youtube_whitelisted_channels, revenue_sources, portal_pages, portal_faqs, portal_faq_sections`.execute(db);
}
