import { type Kysely, sql } from 'kysely';

// Admin reference data (spec 1, 2.6–2.13): banks, categories, currency rates, organizations with their
// lists, tags with taggings, VAT rates. The constraints repeat the validation rules so that no write
// path, present or future, can store what the forms would refuse.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE banks (
      id            bigserial PRIMARY KEY,
      name          text NOT NULL CHECK (btrim(name) <> ''),
      street        text NOT NULL,
      postal_code   text NOT NULL,
      city          text NOT NULL,
      country_code  text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
      bic           text CHECK (bic ~ '^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$'),
      bank_key      text NOT NULL CHECK (btrim(bank_key) <> ''),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0
    );
    CREATE INDEX banks_name_idx ON banks (lower(name));

    -- A tree per type. (parent_id, type) references (id, type), so a parent always has the same type.
    CREATE TABLE categories (
      id            bigserial PRIMARY KEY,
      type          text NOT NULL CHECK (type IN ('youtube_vertical')),
      name          text NOT NULL CHECK (btrim(name) <> ''),
      parent_id     bigint,
      position      integer NOT NULL CHECK (position >= 0),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0,
      CONSTRAINT categories_id_type_key UNIQUE (id, type),
      CONSTRAINT categories_parent_fkey FOREIGN KEY (parent_id, type) REFERENCES categories (id, type),
      CONSTRAINT categories_not_own_parent CHECK (parent_id <> id)
    );
    CREATE INDEX categories_parent_idx ON categories (parent_id);
    CREATE UNIQUE INDEX categories_name_key ON categories (type, coalesce(parent_id, 0), lower(name));

    -- Depth, pre-order path and child count of every category. Recreate it when categories changes.
    CREATE VIEW category_tree AS
      WITH RECURSIVE tree AS (
        SELECT id, 0 AS depth, ARRAY[position::bigint, id] AS tree_path
          FROM categories WHERE parent_id IS NULL
        UNION ALL
        SELECT c.id, t.depth + 1, t.tree_path || ARRAY[c.position::bigint, c.id]
          FROM categories c JOIN tree t ON c.parent_id = t.id
      )
      SELECT c.id, c.type, c.name, c.parent_id, c.position, c.created_at, t.depth, t.tree_path,
             (SELECT count(*) FROM categories k WHERE k.parent_id = c.id)::int AS children_count
        FROM categories c JOIN tree t ON t.id = c.id;

    ALTER TABLE content_owners
      ADD CONSTRAINT content_owners_earnings_mapping_rules_list CHECK (jsonb_typeof(earnings_mapping_rules) = 'array');

    -- payout_id points at payouts once they exist; a payout has one rate per currency pair, the
    -- admin list one per day and pair.
    CREATE TABLE currency_rates (
      id               bigserial PRIMARY KEY,
      date             date NOT NULL,
      base_currency    text NOT NULL CHECK (base_currency ~ '^[A-Z]{3}$'),
      target_currency  text NOT NULL CHECK (target_currency ~ '^[A-Z]{3}$'),
      rate             numeric(20,10) NOT NULL CHECK (rate >= 0),
      payout_id        bigint,
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      lock_version     integer NOT NULL DEFAULT 0,
      CONSTRAINT currency_rates_distinct_currencies CHECK (base_currency <> target_currency)
    );
    CREATE UNIQUE INDEX currency_rates_date_pair_key ON currency_rates (date, base_currency, target_currency) WHERE payout_id IS NULL;
    CREATE UNIQUE INDEX currency_rates_payout_pair_key ON currency_rates (payout_id, base_currency, target_currency) WHERE payout_id IS NOT NULL;

    CREATE TABLE organizations (
      id                                          bigserial PRIMARY KEY,
      name                                        text NOT NULL CHECK (btrim(name) <> ''),
      number                                      text NOT NULL CHECK (btrim(number) <> ''),
      country_code                                text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
      currency                                    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      city                                        text NOT NULL,
      postal_code                                 text NOT NULL,
      street                                      text NOT NULL,
      street_number                               text NOT NULL,
      color_primary                               text CHECK (color_primary ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$'),
      color_accent                                text CHECK (color_accent ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$'),
      overridden_payment_type                     text CHECK (overridden_payment_type IN ('self_billing', 'invoice')),
      logo_key                                    text,
      logo_content_type                           text,
      logo_digest                                 text,
      invoice_emails                              text[] NOT NULL DEFAULT '{}',
      invoice_cc_emails                           text[] NOT NULL DEFAULT '{}',
      vendor_change_request_notification_emails   text[] NOT NULL DEFAULT '{}',
      payment_paused_notification_emails          text[] NOT NULL DEFAULT '{}',
      payment_due_interval_length                 integer CHECK (payment_due_interval_length >= 0),
      payment_due_interval_unit                   text CHECK (payment_due_interval_unit IN ('d', 'm', 'y')),
      vendor_source_prefix_external               text NOT NULL CHECK (vendor_source_prefix_external ~ '^[0-9]{3}$'),
      vendor_source_prefix_internal               text NOT NULL CHECK (vendor_source_prefix_internal ~ '^[0-9]{3}$'),
      vendor_source_prefix_network                text NOT NULL CHECK (vendor_source_prefix_network ~ '^[0-9]{3}$'),
      created_at                                  timestamptz NOT NULL DEFAULT now(),
      updated_at                                  timestamptz NOT NULL DEFAULT now(),
      lock_version                                integer NOT NULL DEFAULT 0,
      CONSTRAINT organizations_payment_due_interval_complete
        CHECK ((payment_due_interval_length IS NULL) = (payment_due_interval_unit IS NULL)),
      CONSTRAINT organizations_logo_complete
        CHECK ((logo_key IS NULL) = (logo_content_type IS NULL))
    );
    CREATE UNIQUE INDEX organizations_number_key ON organizations (lower(number));

    -- The lists of an organization are saved as a whole, so entries may swap values (two imprints their
    -- locales): their uniqueness is checked at commit.
    CREATE TABLE organization_managing_directors (
      id               bigserial PRIMARY KEY,
      organization_id  bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position         integer NOT NULL,
      full_name        text NOT NULL CHECK (btrim(full_name) <> ''),
      email            text NOT NULL CHECK (btrim(email) <> ''),
      created_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX organization_managing_directors_org_idx ON organization_managing_directors (organization_id);

    CREATE TABLE organization_legal_imprints (
      id               bigserial PRIMARY KEY,
      organization_id  bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position         integer NOT NULL,
      locale           text NOT NULL CHECK (locale IN ('en', 'de', 'es', 'fr', 'it', 'nl', 'pl')),
      template         text NOT NULL,
      created_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organization_legal_imprints_locale_key UNIQUE (organization_id, locale) DEFERRABLE INITIALLY DEFERRED
    );

    -- A signer is a user; a user who signs for an organization cannot be deleted (disable instead).
    CREATE TABLE organization_signers (
      id               bigserial PRIMARY KEY,
      organization_id  bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      position         integer NOT NULL,
      user_id          bigint NOT NULL REFERENCES users(id) ON DELETE RESTRICT,
      is_primary       boolean NOT NULL DEFAULT false,
      is_secondary     boolean NOT NULL DEFAULT false,
      created_at       timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organization_signers_user_key UNIQUE (organization_id, user_id) DEFERRABLE INITIALLY DEFERRED
    );
    CREATE INDEX organization_signers_user_idx ON organization_signers (user_id);

    CREATE TABLE organization_wbs_codes (
      id                  bigserial PRIMARY KEY,
      organization_id     bigint NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      contract_type       text NOT NULL CHECK (contract_type IN ('adsense', 'drm', 'exclusive_artist')),
      revenue_share_type  text NOT NULL CHECK (revenue_share_type IN ('direct', 'ecommerce', 'indirect', 'red', 'shorts')),
      template            text NOT NULL CHECK (btrim(template) <> ''),
      created_at          timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT organization_wbs_codes_pair_key UNIQUE (organization_id, contract_type, revenue_share_type) DEFERRABLE INITIALLY DEFERRED
    );

    CREATE TABLE tags (
      id            bigserial PRIMARY KEY,
      name          text NOT NULL CHECK (btrim(name) <> ''),
      color         text CHECK (color ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$'),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0
    );
    CREATE UNIQUE INDEX tags_name_key ON tags (lower(name));

    -- Which records (vendors, contracts, ...) carry a tag; deleting a tag unlinks it everywhere.
    CREATE TABLE taggings (
      id             bigserial PRIMARY KEY,
      tag_id         bigint NOT NULL REFERENCES tags(id) ON DELETE CASCADE,
      taggable_type  text NOT NULL,
      taggable_id    bigint NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT taggings_key UNIQUE (tag_id, taggable_type, taggable_id)
    );
    CREATE INDEX taggings_taggable_idx ON taggings (taggable_type, taggable_id);

    -- Several rates per country (standard and reduced): vendors choose their VAT percentage among them.
    CREATE TABLE vat_rates (
      id            bigserial PRIMARY KEY,
      country_code  text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
      rate          numeric(7,4) NOT NULL CHECK (rate >= 0 AND rate <= 100),
      created_at    timestamptz NOT NULL DEFAULT now(),
      updated_at    timestamptz NOT NULL DEFAULT now(),
      lock_version  integer NOT NULL DEFAULT 0,
      CONSTRAINT vat_rates_country_rate_key UNIQUE (country_code, rate)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE vat_rates, taggings, tags, organization_wbs_codes, organization_signers, organization_legal_imprints,
      organization_managing_directors, organizations, currency_rates;
    ALTER TABLE content_owners DROP CONSTRAINT content_owners_earnings_mapping_rules_list;
    DROP VIEW category_tree;
    DROP TABLE categories, banks;
  `.execute(db);
}
