import { sql } from 'kysely';
import type { CurrentUser } from '../../context.js';
import type { Db } from '../../db/connection.js';
import { digest, newToken, sameText } from '../../lib/tokens.js';
import { fullNumberSql } from '../vendors/queries.js';
import '../portal/tables.js';
import type { PortalHome } from './page.js';
import './tables.js';

/** A sign-in token lives a minute: long enough for the form post the staff screen makes at once. */
export const SIGN_IN_TOKEN_SECONDS = 60;
/** A portal session: a working day. */
export const PORTAL_SESSION_SECONDS = 8 * 3600;

export interface SignInGrant {
  email: string;
  uid: string;
  api_token: string;
  authenticity_token: string;
  client: 'web';
  url: string;
  expires_at: Date;
}

/**
 * `authorize_as_portal_user` (spec 2, 7): a one-time token with which staff open the portal as a
 * contact. Only an address that may access the portal and has confirmed it (a portal user exists, not
 * pending) qualifies; `vendorId` picks the vendor when the address is a contact of several.
 */
export async function authorizeAsPortalUser(db: Db, staff: CurrentUser, email: string, vendorId?: number): Promise<SignInGrant | null> {
  let query = db
    .selectFrom('vendor_contact_emails')
    .select(['id', 'email', 'portal_user_id'])
    .where('email_key', '=', email.trim().toLowerCase())
    .where('can_access_portal', '=', true)
    .where('is_confirmed', '=', true)
    .where('portal_user_id', 'is not', null);
  if (vendorId !== undefined) query = query.where('vendor_id', '=', vendorId);
  const row = await query.orderBy('id').executeTakeFirst();
  if (!row?.portal_user_id) return null;
  const token = newToken();
  const csrf = newToken();
  const expires = new Date(Date.now() + SIGN_IN_TOKEN_SECONDS * 1000);
  await db
    .insertInto('portal_sign_in_tokens')
    .values({ token_digest: digest(token), csrf_digest: digest(csrf), portal_user_id: row.portal_user_id, vendor_contact_email_id: row.id, issued_by_user_id: staff.id, expires_at: expires })
    .execute();
  return { email: row.email, uid: staff.email, api_token: token, authenticity_token: csrf, client: 'web', url: '/users/portal_sessions', expires_at: expires };
}

export interface PortalSessionForm {
  email?: unknown;
  uid?: unknown;
  api_token?: unknown;
  authenticity_token?: unknown;
  client?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

/**
 * The form post to `/users/portal_sessions`: uses the sign-in token once (the update that marks it
 * used is the check, so two posts cannot both win) when every field matches what was issued: the
 * CSRF parameter, the contact's address, the issuing staff member's uid and `client=web`. Answers the
 * new portal session's token, or null.
 */
export async function openPortalSession(db: Db, form: PortalSessionForm): Promise<string | null> {
  const token = text(form.api_token);
  if (text(form.client) !== 'web' || !/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  return db.transaction().execute(async (trx) => {
    const used = await trx
      .updateTable('portal_sign_in_tokens')
      .set({ used_at: sql`now()` })
      .where('token_digest', '=', digest(token))
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['csrf_digest', 'portal_user_id', 'vendor_contact_email_id', 'issued_by_user_id'])
      .executeTakeFirst();
    if (!used) return null;
    const email = await trx.selectFrom('vendor_contact_emails').select('email_key').where('id', '=', used.vendor_contact_email_id).executeTakeFirst();
    const staff = used.issued_by_user_id ? await trx.selectFrom('users').select('email').where('id', '=', used.issued_by_user_id).executeTakeFirst() : undefined;
    const fits =
      sameText(digest(text(form.authenticity_token)), used.csrf_digest) &&
      !!email &&
      sameText(text(form.email).trim().toLowerCase(), email.email_key) &&
      !!staff &&
      sameText(text(form.uid).trim().toLowerCase(), staff.email.toLowerCase());
    // A token posted with the wrong fields is spent all the same: it was seen outside its form.
    if (!fits) return null;
    const session = newToken();
    await trx
      .insertInto('portal_sessions')
      .values({
        token_digest: digest(session),
        portal_user_id: used.portal_user_id,
        vendor_contact_email_id: used.vendor_contact_email_id,
        issued_by_user_id: used.issued_by_user_id,
        expires_at: new Date(Date.now() + PORTAL_SESSION_SECONDS * 1000),
      })
      .execute();
    return session;
  });
}

/** What a portal session shows (see `homePage`); null when the session is unknown, over, or its email lost portal access. */
export async function portalHome(db: Db, sessionToken: string | undefined): Promise<PortalHome | null> {
  if (!sessionToken || !/^[A-Za-z0-9_-]{20,100}$/.test(sessionToken)) return null;
  const row = await db
    .selectFrom('portal_sessions as s')
    .innerJoin('vendor_contact_emails as e', 'e.id', 's.vendor_contact_email_id')
    .innerJoin('vendor_contacts as c', 'c.id', 'e.vendor_contact_id')
    .innerJoin('vendors', 'vendors.id', 'e.vendor_id')
    .innerJoin('organizations', 'organizations.id', 'vendors.organization_id')
    .leftJoin('users as staff', 'staff.id', 's.issued_by_user_id')
    .select([
      'vendors.id as vendor_id',
      'vendors.name as vendor_name',
      'vendors.language',
      fullNumberSql.as('full_number'),
      'c.first_name',
      'c.last_name',
      'e.email',
      'staff.email as staff_email',
    ])
    .where('s.token_digest', '=', digest(sessionToken))
    .where('s.expires_at', '>', sql<Date>`now()`)
    .where('e.can_access_portal', '=', true)
    .whereRef('e.portal_user_id', '=', 's.portal_user_id')
    .executeTakeFirst();
  if (!row) return null;
  const [pages, faqs] = await Promise.all([
    db.selectFrom('portal_pages').select(['id', 'title', 'body']).where('locale', '=', row.language).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('portal_faqs as f')
      .innerJoin('portal_faq_sections as s', 's.id', 'f.portal_faq_section_id')
      .select(['f.id', 'f.title', 'f.body', 's.name as section', 's.id as section_id'])
      .where('f.locale', '=', row.language)
      .orderBy('s.name')
      .orderBy('s.id')
      .orderBy('f.id')
      .execute(),
  ]);
  const sections: (PortalHome['faqs'][number] & { id: number })[] = [];
  for (const f of faqs) {
    const last = sections.at(-1);
    const item = { id: f.id, title: f.title, body: f.body };
    if (last && last.id === f.section_id) last.items.push(item);
    else sections.push({ id: f.section_id, section: f.section, items: [item] });
  }
  return {
    language: row.language,
    vendor: { id: row.vendor_id, name: row.vendor_name, full_number: row.full_number },
    contact: { first_name: row.first_name, last_name: row.last_name, email: row.email },
    issued_by: row.staff_email,
    pages,
    faqs: sections.map(({ section, items }) => ({ section, items })),
  };
}
