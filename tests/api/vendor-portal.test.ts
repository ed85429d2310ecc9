import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestUser } from '../support/api.js';

const api = setupApi({ env: { PUBLIC_URL: 'https://remit.example.com' } });
let staff: TestUser;
let filesUser: TestUser;
let orgId: number;
let vendorId: number;
let emailId: number;

const PORTAL_EMAIL = 'lena@klangwerk.example';

/** The text of a raw mail, quoted-printable decoded. */
function decode(raw: string): string {
  const body = /content-transfer-encoding: quoted-printable/i.test(raw)
    ? raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    : raw;
  return Buffer.from(body, 'latin1').toString('utf8');
}

const mailsTo = async (email: string) => (await api.outbox()).map(decode).filter((m) => new RegExp(`^To: ${email}$`, 'mi').test(m));

/** The confirmation token of the newest mail to an address. */
async function lastLinkToken(email: string): Promise<string> {
  const mails = await mailsTo(email);
  const link = /https:\/\/remit\.example\.com\/vendor_portal\/confirmation\?confirmation_token=([A-Za-z0-9_%-]+)/.exec(mails.at(-1) ?? '');
  expect(link, 'the mail holds the link').not.toBeNull();
  return decodeURIComponent(link![1]);
}

const confirm = (token: string) => api.request({ method: 'POST', url: '/vendor_portal/confirmation', payload: { confirmation_token: token } });
const resend = (id = emailId, as = staff) =>
  api.request({ method: 'POST', url: `/api/vendors/${vendorId}/resend_confirmation_instructions`, payload: { vendor_contact_email_id: id }, as });
const authorize = (email: string, as = staff) => api.request({ method: 'GET', url: `/api/vendors/authorize_as_portal_user?email=${encodeURIComponent(email)}`, as });
const postSession = (form: Record<string, string>) =>
  api.request({ method: 'POST', url: '/users/portal_sessions', payload: new URLSearchParams(form).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

beforeAll(async () => {
  staff = await api.user(['vendors']);
  filesUser = await api.user(['vendor_files']);
  orgId = (
    await api.db
      .insertInto('organizations')
      .values({ name: 'Org P', number: 'P-1', country_code: 'DE', currency: 'EUR', city: 'Berlin', postal_code: '10115', street: 'Invalidenstraße', street_number: '1', vendor_source_prefix_external: '100', vendor_source_prefix_internal: '200', vendor_source_prefix_network: '300' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const section = await api.db.insertInto('portal_faq_sections').values({ name: 'Zahlungen', locale: 'de' }).returning('id').executeTakeFirstOrThrow();
  await api.db.insertInto('portal_faqs').values([
    { portal_faq_section_id: section.id, locale: 'de', title: 'Wann wird ausgezahlt?', body: '<p>Monatlich.</p>' },
  ]).execute();
  const enSection = await api.db.insertInto('portal_faq_sections').values({ name: 'Payments', locale: 'en' }).returning('id').executeTakeFirstOrThrow();
  await api.db.insertInto('portal_faqs').values({ portal_faq_section_id: enSection.id, locale: 'en', title: 'When are payouts made?', body: '<p>Monthly.</p>' }).execute();
  await api.db.insertInto('portal_pages').values([
    { name: 'willkommen', locale: 'de', title: 'Willkommen im Portal', body: '<p>Hier finden Sie Ihre Abrechnungen.</p>' },
    { name: 'welcome', locale: 'en', title: 'Welcome to the portal', body: '<p>Your statements.</p>' },
  ]).execute();
});

describe('portal access of a contact email', () => {
  it('gives a portal email a portal user and mails a one-time confirmation link in the write', async () => {
    const before = (await mailsTo(PORTAL_EMAIL)).length;
    const res = await api.request({
      method: 'POST',
      url: '/api/vendors',
      payload: {
        vendor: {
          organization_id: orgId,
          name: 'Klangwerk GmbH',
          type: 'company',
          language: 'de',
          contacts: [
            {
              first_name: 'Lena',
              last_name: 'Berg',
              emails: [
                { email: PORTAL_EMAIL, can_access_portal: true },
                { email: 'office@klangwerk.example', can_sign: true },
              ],
              phone_numbers: [],
              skype_accounts: [],
              facebook_accounts: [],
            },
          ],
          payment_methods: [],
        },
      },
      as: staff,
    });
    expect(res.statusCode, res.body).toBe(201);
    const vendor = res.json();
    vendorId = vendor.id;
    const [portalEmail, office] = vendor.contacts[0].emails;
    emailId = portalEmail.id;
    expect(portalEmail).toMatchObject({ can_access_portal: true, is_confirmed: false, portal_user_id: expect.any(Number), portal_confirmation: 'pending', confirmation_sent_at: expect.any(String) });
    expect(office).toMatchObject({ portal_user_id: null, portal_confirmation: 'none' });
    await api.settled();
    const mails = (await mailsTo(PORTAL_EMAIL)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatch(/Subject: .*Lieferantenportal/);
    expect(mails[0]).toContain('Hallo Lena');
    expect(await mailsTo('office@klangwerk.example')).toHaveLength(0);
    // A later save of the vendor mails nothing more: the address has its portal user.
    const again = await api.request({ method: 'PUT', url: `/api/vendors/${vendorId}`, payload: { vendor: { name: 'Klangwerk Studios GmbH' } }, as: staff });
    expect(again.statusCode, again.body).toBe(200);
    await api.settled();
    expect(await mailsTo(PORTAL_EMAIL)).toHaveLength(before + 1);
  });

  it('resends while pending (the older link stops working), confirms once, then refuses to resend', async () => {
    const first = await lastLinkToken(PORTAL_EMAIL);
    expect((await resend()).statusCode).toBe(200);
    await api.settled();
    const second = await lastLinkToken(PORTAL_EMAIL);
    expect(second).not.toBe(first);
    expect((await confirm(first)).statusCode).toBe(422);

    // The link's page asks before it confirms (a mail scanner opening it uses nothing).
    const page = await api.request({ method: 'GET', url: `/vendor_portal/confirmation?confirmation_token=${encodeURIComponent(second)}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('E-Mail-Adresse bestätigen');
    expect(page.body).toContain('name="confirmation_token"');

    const confirmed = await confirm(second);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ email: PORTAL_EMAIL, is_confirmed: true });
    expect((await confirm(second)).json()).toEqual({ errors: { confirmation_token: ['invalid'] } });
    const vendor = (await api.request({ method: 'GET', url: `/api/vendors/${vendorId}`, as: staff })).json();
    expect(vendor.contacts[0].emails[0]).toMatchObject({ is_confirmed: true, portal_confirmation: 'confirmed' });

    const refused = await resend();
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { vendor_contact_email_id: ['ineligible'] } });
  });

  it('confirms from the page form too', async () => {
    const officeId = (await api.db.selectFrom('vendor_contact_emails').select('id').where('email', '=', 'office@klangwerk.example').executeTakeFirstOrThrow()).id;
    // not a portal email: nothing to resend
    expect((await resend(officeId)).statusCode).toBe(422);
    const form = await api.request({
      method: 'POST',
      url: '/vendor_portal/confirmation',
      payload: 'confirmation_token=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(404);
    expect(form.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('staff sign-in to the portal', () => {
  it('answers a one-time token only to vendor staff and only for a confirmed portal email', async () => {
    expect((await authorize(PORTAL_EMAIL, filesUser)).statusCode).toBe(403);
    expect((await authorize('office@klangwerk.example')).json()).toEqual({ errors: { email: ['ineligible'] } });
    expect((await authorize('')).statusCode).toBe(422);
    const grant = await authorize(PORTAL_EMAIL.toUpperCase());
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toEqual({
      email: PORTAL_EMAIL,
      uid: staff.email,
      api_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      authenticity_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      client: 'web',
      url: '/users/portal_sessions',
      expires_at: expect.any(String),
    });
  });

  it('opens the portal as the contact with the form post, once, and shows the vendor and the portal content in its language', async () => {
    const grant = (await authorize(PORTAL_EMAIL)).json();
    const form = { email: grant.email, uid: grant.uid, api_token: grant.api_token, authenticity_token: grant.authenticity_token, client: 'web' };
    const opened = await postSession(form);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/vendor_portal');
    const cookie = opened.cookies.find((c) => c.name === 'remit_portal');
    expect(cookie).toMatchObject({ httpOnly: true, path: '/vendor_portal', sameSite: 'Lax' });

    const page = await api.request({ method: 'GET', url: '/vendor_portal', headers: { accept: 'text/html' }, cookies: { remit_portal: cookie!.value } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('<h1>Klangwerk Studios GmbH</h1>');
    expect(page.body).toContain('Angemeldet als Lena Berg (lena@klangwerk.example)');
    expect(page.body).toContain('Willkommen im Portal');
    expect(page.body).toContain('<p>Hier finden Sie Ihre Abrechnungen.</p>');
    expect(page.body).toContain('Zahlungen');
    expect(page.body).toContain('Wann wird ausgezahlt?');
    expect(page.body).not.toContain('Welcome to the portal');
    expect(page.body).toContain(`In Ihrem Namen geöffnet von ${staff.email}`);

    // The token worked once.
    expect((await postSession(form)).statusCode).toBe(401);
    // Without the session, no portal.
    expect((await api.request({ method: 'GET', url: '/vendor_portal', headers: { accept: 'text/html' } })).statusCode).toBe(401);
  });

  it('refuses an expired token, a wrong CSRF parameter, another uid and a client other than web', async () => {
    const fresh = async () => (await authorize(PORTAL_EMAIL)).json();
    const formOf = (g: Record<string, string>) => ({ email: g.email, uid: g.uid, api_token: g.api_token, authenticity_token: g.authenticity_token, client: 'web' });

    const expired = await fresh();
    await sql`UPDATE portal_sign_in_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL`.execute(api.db);
    expect((await postSession(formOf(expired))).statusCode).toBe(401);

    const csrf = await fresh();
    expect((await postSession({ ...formOf(csrf), authenticity_token: 'x'.repeat(43) })).statusCode).toBe(401);
    // spent by the bad post
    expect((await postSession(formOf(csrf))).statusCode).toBe(401);

    const uid = await fresh();
    expect((await postSession({ ...formOf(uid), uid: filesUser.email })).statusCode).toBe(401);
    const client = await fresh();
    expect((await postSession({ ...formOf(client), client: 'ios' })).statusCode).toBe(401);
    expect((await postSession(formOf(client))).statusCode).toBe(303);
  });

  it('ends the portal for an address whose access was taken away', async () => {
    const grant = (await authorize(PORTAL_EMAIL)).json();
    const opened = await postSession({ email: grant.email, uid: grant.uid, api_token: grant.api_token, authenticity_token: grant.authenticity_token, client: 'web' });
    const cookie = opened.cookies.find((c) => c.name === 'remit_portal')!.value;
    await sql`UPDATE vendor_contact_emails SET can_access_portal = false WHERE id = ${emailId}`.execute(api.db);
    expect((await api.request({ method: 'GET', url: '/vendor_portal', headers: { accept: 'text/html' }, cookies: { remit_portal: cookie } })).statusCode).toBe(401);
    expect((await authorize(PORTAL_EMAIL)).statusCode).toBe(422);
  });

  it('takes the tokens and sessions of a removed address with it (foreign keys)', async () => {
    const grant = (await authorize(PORTAL_EMAIL)).json();
    await postSession({ email: grant.email, uid: grant.uid, api_token: grant.api_token, authenticity_token: grant.authenticity_token, client: 'web' });
    await authorize(PORTAL_EMAIL);
    const count = async (table: 'portal_sessions' | 'portal_sign_in_tokens') =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE vendor_contact_email_id = ${emailId}`.execute(api.db)).rows[0].n);
    expect(await count('portal_sessions')).toBeGreaterThan(0);
    expect(await count('portal_sign_in_tokens')).toBeGreaterThan(0);
    await sql`DELETE FROM vendor_contact_emails WHERE id = ${emailId}`.execute(api.db);
    expect(await count('portal_sessions')).toBe(0);
    expect(await count('portal_sign_in_tokens')).toBe(0);
    const user = (await sql<{ id: string }>`SELECT id FROM portal_users ORDER BY id LIMIT 1`.execute(api.db)).rows[0].id;
    await expect(sql`INSERT INTO portal_sessions (token_digest, portal_user_id, vendor_contact_email_id, expires_at) VALUES ('x', ${user}, ${emailId}, now())`.execute(api.db)).rejects.toThrow(/foreign key/);
  });
});
