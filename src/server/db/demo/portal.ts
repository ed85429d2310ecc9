import { sanitizeHtml } from '../../lib/sanitize-html.js';
import type { Db } from '../connection.js';
import type { DemoSeed } from './index.js';
import '../../modules/content-owners/tables.js';
import '../../modules/portal/tables.js';
import '../../modules/revenue-sources/tables.js';
import '../../modules/whitelisted-channels/tables.js';

type Faq = [title: string, body: string];

const SECTIONS: { locale: string; name: string; faqs: Faq[] }[] = [
  {
    locale: 'en',
    name: 'Payments',
    faqs: [
      [
        'When do I get paid?',
        '<p>We pay <strong>once a month</strong> for the revenue reported two months earlier. A payment is due within the term of your organization, usually <em>30 days</em> after it was created.</p><p>You find every payment with its line items under <u>Payments</u> in the portal.</p>',
      ],
      [
        'Which documents do you need from me?',
        '<p>Before the first payment we need:</p><ul><li>your <strong>bank details</strong> (IBAN and BIC)</li><li>your <strong>tax number</strong> or VAT id</li><li>a signed contract</li></ul><p>Questions? Write to <a href="mailto:payments@remit.example">payments@remit.example</a>.</p>',
      ],
      [
        'Why is my payment lower than expected?',
        '<h3>Currency conversion</h3><p>Revenue is reported in USD and converted with the rate of the payout.</p><h3>Withholding tax</h3><p>For some countries tax is withheld at source; the <s>gross</s> net amount is paid out. See our <a href="https://remit.example/help/withholding-tax">withholding-tax guide</a>.</p>',
      ],
    ],
  },
  {
    locale: 'en',
    name: 'Your account',
    faqs: [
      [
        'How do I change my bank details?',
        '<ol><li>Open <strong>Profile</strong> in the portal.</li><li>Enter the new IBAN and BIC.</li><li>Submit the change request; we confirm it within two working days.</li></ol>',
      ],
      ['Who can sign in to the portal?', '<p>Every contact your account manager registered with a portal login. Ask them to add colleagues.</p>'],
    ],
  },
  {
    locale: 'de',
    name: 'Zahlungen',
    faqs: [
      [
        'Wann werde ich bezahlt?',
        '<p>Wir zahlen <strong>einmal im Monat</strong> für die Erlöse, die zwei Monate zuvor gemeldet wurden. Eine Zahlung ist innerhalb der Frist Ihrer Organisation fällig, meist <em>30 Tage</em> nach ihrer Erstellung.</p>',
      ],
      [
        'Welche Unterlagen brauchen Sie von mir?',
        '<ul><li>Ihre <strong>Bankverbindung</strong> (IBAN und BIC)</li><li>Ihre <strong>Steuernummer</strong> oder USt-IdNr.</li><li>einen unterschriebenen Vertrag</li></ul><p>Fragen? Schreiben Sie an <a href="mailto:zahlungen@remit.example">zahlungen@remit.example</a>.</p>',
      ],
    ],
  },
  {
    locale: 'de',
    name: 'Ihr Konto',
    faqs: [
      [
        'Wie ändere ich meine Bankverbindung?',
        '<ol><li>Öffnen Sie <strong>Profil</strong> im Portal.</li><li>Tragen Sie die neue IBAN und BIC ein.</li><li>Senden Sie die Änderung; wir bestätigen sie innerhalb von zwei Werktagen.</li></ol>',
      ],
    ],
  },
];

const PAGES: { locale: string; name: string; title: string; body: string }[] = [
  {
    locale: 'en',
    name: 'imprint',
    title: 'Imprint',
    body: '<h2>Remit Media GmbH</h2><p>Hahnenstraße 57<br />50667 Köln<br />Germany</p><h3>Managing directors</h3><p>Anna Adler, Bernd Berger</p><p>Register court Köln, HRB 123456. VAT id DE123456789.</p>',
  },
  {
    locale: 'en',
    name: 'payment-terms',
    title: 'Payment terms',
    body: '<h2>Payment terms</h2><ol><li>Revenue shares are calculated per calendar month.</li><li>Payments are made by <strong>SEPA transfer</strong> or wire transfer in the currency of your contract.</li><li>Amounts below the <em>minimum payout</em> are carried over to the next month.</li></ol><p>The full terms are part of your contract; see <a href="https://remit.example/terms">remit.example/terms</a>.</p>',
  },
  {
    locale: 'de',
    name: 'imprint',
    title: 'Impressum',
    body: '<h2>Remit Media GmbH</h2><p>Hahnenstraße 57<br />50667 Köln<br />Deutschland</p><h3>Geschäftsführung</h3><p>Anna Adler, Bernd Berger</p><p>Registergericht Köln, HRB 123456. USt-IdNr. DE123456789.</p>',
  },
  {
    locale: 'de',
    name: 'payment-terms',
    title: 'Zahlungsbedingungen',
    body: '<h2>Zahlungsbedingungen</h2><ol><li>Erlösanteile werden je Kalendermonat berechnet.</li><li>Zahlungen erfolgen per <strong>SEPA-Überweisung</strong> in der Währung Ihres Vertrags.</li><li>Beträge unter der <em>Mindestauszahlung</em> werden in den Folgemonat übertragen.</li></ol>',
  },
];

const CONTENT_OWNERS = [
  { content_owner_id: 'rM7qT2vXk9LpW4sN8dHb3A', display_name: 'Remit Music', own: true, internal_country: 'DE', report_filename_part: 'RemitMusicDemo' },
  { content_owner_id: 'eN5wJ8cYh1FzR6tK0mQa2B', display_name: 'Remit Entertainment', own: true, internal_country: 'AT', report_filename_part: 'RemitEntertainmentDemo' },
];

const SOURCES: { type: 'youtube_channel' | 'youtube_label'; name: string; reference_id: string; owner: number }[] = [
  { type: 'youtube_channel', name: 'Kitchen Stories Berlin', reference_id: 'UCk3Lm9QpR2sT5vW8xY1zA4b', owner: 0 },
  { type: 'youtube_channel', name: 'Alpine Trails', reference_id: 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', owner: 1 },
  { type: 'youtube_channel', name: 'Night Owl Beats', reference_id: 'UCn0Wl8Bt3Sx6Yz9Ab2Cd5Ef', owner: 0 },
  { type: 'youtube_label', name: 'Northern Lights Records', reference_id: 'Northern Lights Records', owner: 0 },
  { type: 'youtube_label', name: 'Sonic Garden', reference_id: 'Sonic Garden', owner: 1 },
];

// [content owner, channel id, title, revenue source (index in SOURCES) or null when synced from the owner]
const WHITELISTED: [number, string, string, number | null][] = [
  [0, 'UCk3Lm9QpR2sT5vW8xY1zA4b', 'Kitchen Stories Berlin', 0],
  [1, 'UCk3Lm9QpR2sT5vW8xY1zA4b', 'Kitchen Stories Berlin', 0],
  [1, 'UCa7Bc2De5Fg8Hj1Kl4Mn7Pq', 'Alpine Trails', 1],
  [0, 'UCq2Rs5Tu8Vw1Xy4Za7Bc0De', 'Night Owl Beats Live', 2],
  [0, 'UCf3Gh6Jk9Lm2Np5Qr8St1Uv', 'Northern Lights Sessions', 3],
  [1, 'UCw4Xy7Za0Bc3De6Fg9Hj2Kl', 'Garden Radio', null],
  [0, 'UCz1Ab4Cd7Ef0Gh3Jk6Lm9Np', 'Partner Channel Vienna', null],
];

/** The content owners the rows below refer to, by position; created unless the reference data has them. */
async function contentOwnerIds(db: Db): Promise<number[]> {
  await db
    .insertInto('content_owners')
    .values(CONTENT_OWNERS)
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .selectFrom('content_owners')
    .select(['id', 'content_owner_id'])
    .where('content_owner_id', 'in', CONTENT_OWNERS.map((o) => o.content_owner_id))
    .execute();
  return CONTENT_OWNERS.map((o) => rows.find((r) => r.content_owner_id === o.content_owner_id)!.id);
}

/** Portal FAQs and pages in English and German, and revenue sources with whitelisted channels. */
export const demoPortal: DemoSeed = {
  name: 'portal_and_channels',
  async run(db) {
    for (const section of SECTIONS) {
      const { id } = await db.insertInto('portal_faq_sections').values({ locale: section.locale, name: section.name }).returning('id').executeTakeFirstOrThrow();
      await db
        .insertInto('portal_faqs')
        .values(section.faqs.map(([title, body]) => ({ portal_faq_section_id: id, locale: section.locale, title, body: sanitizeHtml(body) })))
        .execute();
    }
    await db
      .insertInto('portal_pages')
      .values(PAGES.map((p) => ({ ...p, body: sanitizeHtml(p.body) })))
      .execute();

    const owners = await contentOwnerIds(db);
    const sources = await db
      .insertInto('revenue_sources')
      .values(SOURCES.map(({ owner, ...s }) => ({ ...s, content_owner_id: owners[owner] })))
      .returning(['id', 'type', 'reference_id'])
      .execute();
    const sourceId = (i: number) => sources.find((r) => r.type === SOURCES[i].type && r.reference_id === SOURCES[i].reference_id)!.id;
    await db
      .insertInto('youtube_whitelisted_channels')
      .values(
        WHITELISTED.map(([owner, channel_id, title, source]) => ({
          content_owner_id: owners[owner],
          channel_id,
          title,
          revenue_source_id: source === null ? null : sourceId(source),
        })),
      )
      .execute();
  },
};
