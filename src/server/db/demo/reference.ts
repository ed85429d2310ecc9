import { WBS_MATRIX } from '../../../shared/validation/organizations.js';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/banks/tables.js';
import '../../modules/categories/tables.js';
import '../../modules/content-owners/tables.js';
import '../../modules/currency-rates/tables.js';
import '../../modules/organizations/tables.js';
import '../../modules/tags/tables.js';
import '../../modules/vat-rates/tables.js';

const BANKS = [
  { name: 'Deutsche Bank', street: 'Taunusanlage 12', postal_code: '60325', city: 'Frankfurt am Main', country_code: 'DE', bic: 'DEUTDEFFXXX', bank_key: '50070010' },
  { name: 'Berliner Sparkasse', street: 'Alexanderplatz 2', postal_code: '10178', city: 'Berlin', country_code: 'DE', bic: 'BELADEBEXXX', bank_key: '10050000' },
  { name: 'Barclays Bank UK', street: '1 Churchill Place', postal_code: 'E14 5HP', city: 'London', country_code: 'GB', bic: 'BUKBGB22', bank_key: '200000' },
  { name: 'UBS Switzerland', street: 'Bahnhofstrasse 45', postal_code: '8001', city: 'Zürich', country_code: 'CH', bic: 'UBSWCHZH80A', bank_key: '230' },
];

/** The youtube_vertical tree: name and children. */
const VERTICALS: [string, string[]][] = [
  ['Music', ['Pop', 'Rock', 'Hip-Hop', 'Classical']],
  ['Gaming', ['Let’s Play', 'E-Sports']],
  ['Education', []],
  ['Entertainment', ['Comedy']],
];

// The first two are the content owners the portal demo's channels belong to (same ids).
const CONTENT_OWNERS = [
  {
    content_owner_id: 'rM7qT2vXk9LpW4sN8dHb3A',
    display_name: 'Remit Music',
    own: true,
    internal_country: 'DE',
    report_filename_part: 'RemitMusicDemo',
    conflict_notification_email: 'cms-music@remit.local',
    primary_notification_emails: ['cms-music@remit.local'],
    fetch_stats: true,
    sync_whitelisted_channels: true,
    earnings_mapping_rules: [
      { asset_type: 'music_video', rules: ['channel_override', 'asset_label_override', 'asset_label', 'video_id'] },
      { asset_type: 'art_track', rules: ['asset_label', 'custom_id'] },
      { asset_type: 'all', rules: ['channel_override', 'asset_channel_id', 'video_id'] },
    ],
  },
  {
    content_owner_id: 'eN5wJ8cYh1FzR6tK0mQa2B',
    display_name: 'Remit Entertainment',
    own: true,
    internal_country: 'AT',
    report_filename_part: 'RemitEntertainmentDemo',
    dispute_notification_emails: ['disputes@remit.local'],
    fetch_stats: true,
    earnings_mapping_rules: [
      { asset_type: 'web', rules: ['channel_override', 'video_id'] },
      { asset_type: 'all', rules: ['custom_id_matches_video_id', 'asset_channel_id', 'video_id'] },
    ],
  },
  {
    content_owner_id: 'pT4xV7bN0cM3kL6jH9gF2D',
    display_name: 'Partner Network UK',
    own: false,
    internal_country: 'GB',
    report_filename_part: 'PartnerNetworkUK',
    use_direct_earnings_from_yt_reports: true,
    active: true,
    earnings_mapping_rules: [{ asset_type: 'all', rules: ['label_to_channel', 'ma_label', 'video_id'] }],
  },
];

const TAGS = [
  { name: 'Priority', color: '#d32f2f' },
  { name: 'Music', color: '#1976d2' },
  { name: 'Gaming', color: '#7b1fa2' },
  { name: 'Label', color: '#388e3c' },
  { name: 'Needs review', color: null },
];

/** Standard VAT rates of the EU member states (2025), and Germany's reduced rate for royalties. */
const VAT_RATES: [string, string][] = [
  ['AT', '20'], ['BE', '21'], ['BG', '20'], ['CY', '19'], ['CZ', '21'], ['DE', '19'], ['DE', '7'], ['DK', '25'],
  ['EE', '24'], ['ES', '21'], ['FI', '25.5'], ['FR', '20'], ['GR', '24'], ['HR', '25'], ['HU', '27'], ['IE', '23'],
  ['IT', '22'], ['LT', '21'], ['LU', '17'], ['LV', '21'], ['MT', '18'], ['NL', '21'], ['PL', '23'], ['PT', '23'],
  ['RO', '21'], ['SE', '25'], ['SI', '22'], ['SK', '23'],
];

// The demo organizations work without four eyes (`four_eyes: false`): the demo and its browser tests are worked by one
// user through every step; a new organization made in the form gets it on (DOMAIN.md "Four-eyes on money out").
const ORGANIZATIONS = [
  {
    row: {
      name: 'Remit Media GmbH',
      number: '1000',
      country_code: 'DE',
      currency: 'EUR',
      city: 'Berlin',
      postal_code: '10115',
      street: 'Invalidenstraße',
      street_number: '112',
      color_primary: '#0b5394',
      color_accent: '#f1c232',
      invoice_emails: ['invoices-de@remit.local'],
      invoice_cc_emails: ['accounting-de@remit.local'],
      vendor_change_request_notification_emails: ['vendors-de@remit.local'],
      payment_paused_notification_emails: ['payments-de@remit.local'],
      payment_due_interval_length: 30,
      payment_due_interval_unit: 'd' as const,
      vendor_source_prefix_external: '100',
      vendor_source_prefix_internal: '200',
      vendor_source_prefix_network: '300',
      four_eyes: false,
    },
    directors: [['Dr. Miriam Albrecht', 'm.albrecht@remit.local']],
    imprints: [
      ['de', 'Remit Media GmbH · Invalidenstraße 112 · 10115 Berlin · Geschäftsführung: Dr. Miriam Albrecht · HRB 123456 B'],
      ['en', 'Remit Media GmbH · Invalidenstraße 112 · 10115 Berlin, Germany · Managing director: Dr. Miriam Albrecht'],
    ],
  },
  {
    row: {
      name: 'Remit Media Ltd',
      number: '2000',
      country_code: 'GB',
      currency: 'GBP',
      city: 'London',
      postal_code: 'EC2A 4NE',
      street: 'Great Eastern Street',
      street_number: '20',
      color_primary: '#274e13',
      color_accent: '#e69138',
      overridden_payment_type: 'self_billing' as const,
      invoice_emails: ['invoices-uk@remit.local'],
      payment_due_interval_length: 1,
      payment_due_interval_unit: 'm' as const,
      vendor_source_prefix_external: '110',
      vendor_source_prefix_internal: '210',
      vendor_source_prefix_network: '310',
      four_eyes: false,
    },
    directors: [
      ['James Whitfield', 'j.whitfield@remit.local'],
      ['Priya Raman', 'p.raman@remit.local'],
    ],
    imprints: [['en', 'Remit Media Ltd · 20 Great Eastern Street · London EC2A 4NE · Registered in England and Wales No. 01234567']],
  },
];

/** Signers are demo users: the contracts manager signs first, finance second. */
const SIGNERS: [string, 'primary' | 'secondary'][] = [
  ['contracts@remit.local', 'primary'],
  ['finance@remit.local', 'secondary'],
];

async function seedCategories(db: Db) {
  for (const [position, [name, children]] of VERTICALS.entries()) {
    const parent = await db.insertInto('categories').values({ type: 'youtube_vertical', name, position, parent_id: null }).returning('id').executeTakeFirstOrThrow();
    if (children.length === 0) continue;
    await db
      .insertInto('categories')
      .values(children.map((child, i) => ({ type: 'youtube_vertical', name: child, position: i, parent_id: parent.id })))
      .execute();
  }
}

async function seedOrganizations(db: Db) {
  const users = await db.selectFrom('users').select(['id', 'email']).where('email', 'in', SIGNERS.map(([email]) => email)).execute();
  for (const org of ORGANIZATIONS) {
    const { id } = await db.insertInto('organizations').values(org.row).returning('id').executeTakeFirstOrThrow();
    await db
      .insertInto('organization_managing_directors')
      .values(org.directors.map(([full_name, email], position) => ({ organization_id: id, position, full_name, email })))
      .execute();
    await db
      .insertInto('organization_legal_imprints')
      .values(org.imprints.map(([locale, template], position) => ({ organization_id: id, position, locale, template })))
      .execute();
    const signers = SIGNERS.flatMap(([email, role], position) => {
      const user = users.find((u) => u.email === email);
      return user ? [{ organization_id: id, position, user_id: user.id, is_primary: role === 'primary', is_secondary: role === 'secondary' }] : [];
    });
    if (signers.length > 0) await db.insertInto('organization_signers').values(signers).execute();
    await db
      .insertInto('organization_wbs_codes')
      .values(
        WBS_MATRIX.map(({ contract_type, revenue_share_type }) => ({
          organization_id: id,
          contract_type,
          revenue_share_type,
          template: `P-${org.row.number}-${contract_type.slice(0, 3).toUpperCase()}-${revenue_share_type.slice(0, 3).toUpperCase()}`,
        })),
      )
      .execute();
  }
}

/** The last day of the month before today, as 'yyyy-MM-dd'. */
function lastMonthEnd(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0)).toISOString().slice(0, 10);
}

/** Admin reference data: banks, the youtube_vertical tree, content owners, rates, organizations, tags. */
export const demoReferenceData: DemoSeed = {
  name: 'reference_data',
  async run(db) {
    await db.insertInto('banks').values(BANKS).execute();
    await seedCategories(db);
    await db
      .insertInto('content_owners')
      .values(CONTENT_OWNERS.map((o) => ({ ...o, earnings_mapping_rules: JSON.stringify(o.earnings_mapping_rules) })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    const date = lastMonthEnd();
    await db
      .insertInto('currency_rates')
      .values([
        { date, base_currency: 'USD', target_currency: 'EUR', rate: '0.9215000000' },
        { date, base_currency: 'USD', target_currency: 'GBP', rate: '0.7862000000' },
        { date, base_currency: 'USD', target_currency: 'CHF', rate: '0.8841000000' },
      ])
      .execute();
    await seedOrganizations(db);
    await db.insertInto('tags').values(TAGS).execute();
    await db
      .insertInto('vat_rates')
      .values(VAT_RATES.map(([country_code, rate]) => ({ country_code, rate })))
      .execute();
  },
};
