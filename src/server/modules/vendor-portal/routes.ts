import type { FastifyInstance, FastifyReply } from 'fastify';
import { VENDOR_ROLES } from '../../../shared/roles.js';
import type { AppContext } from '../../context.js';
import { currentUser } from '../../http/auth.js';
import { ValidationFailed } from '../../http/errors.js';
import { recordId } from '../../http/resource.js';
import { portalAccess } from '../vendors/portal-hooks.js';
import { confirmEmail, confirmationMailJob, grantPortalAccess, pendingConfirmation, sendConfirmation } from './access.js';
import { confirmPage, homePage, messagePage } from './page.js';
import { authorizeAsPortalUser, openPortalSession, PORTAL_SESSION_SECONDS, portalHome } from './sign-in.js';
import { portalText } from './texts.js';

/** The roles that see a vendor's contacts (spec 2, 6: vendor details need vendors). */
const STAFF_ROLES = VENDOR_ROLES;
export const PORTAL_COOKIE = 'remit_portal';

const html = (reply: FastifyReply, code: number, body: string) => reply.code(code).type('text/html; charset=utf-8').send(body);
const field = (body: unknown, name: string) => (body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined);

export const vendorPortalJobs = [confirmationMailJob];

/**
 * Portal access (DOMAIN.md "Vendors", spec 2, 7): the vendor write grants it through the hooks the
 * vendors module leaves (a portal user and a confirmation mail per portal email); the one-time link
 * confirms the address; staff get a one-time token and post it to `/users/portal_sessions`, which
 * opens the portal as that contact. The portal's pages are plain HTML written here: they stand
 * outside the staff app and its session.
 */
export function vendorPortalRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  // The vendors module's hooks, for as long as this app runs (tests build several apps in one process).
  const defaults = { ...portalAccess };
  const ours: typeof portalAccess = {
    sendConfirmation: (_ctx, w, email) => sendConfirmation(ctx, w, email.id),
    afterSave: (w, vendorId) => grantPortalAccess(ctx, w, vendorId),
  };
  Object.assign(portalAccess, ours);
  app.addHook('onClose', async () => {
    if (portalAccess.afterSave === ours.afterSave) Object.assign(portalAccess, defaults);
  });
  const secure = ctx.config.publicUrl.startsWith('https://');

  app.get('/api/vendors/authorize_as_portal_user', { config: { roles: STAFF_ROLES } }, async (request) => {
    const query = request.query as Record<string, unknown>;
    const email = typeof query.email === 'string' ? query.email : '';
    if (!email.trim() || email.includes('\0') || email.length > 254) throw new ValidationFailed({ email: ['blank'] });
    const vendorId = query.vendor_id === undefined ? undefined : recordId(String(query.vendor_id));
    if (query.vendor_id !== undefined && vendorId === undefined) throw new ValidationFailed({ vendor_id: ['invalid'] });
    const grant = await authorizeAsPortalUser(db, currentUser(request), email, vendorId);
    // No portal user, or still pending: the screen disables the action for both (spec 2, 2 "Contacts tab").
    if (!grant) throw new ValidationFailed({ email: ['ineligible'] });
    return grant;
  });

  app.post('/users/portal_sessions', { config: { public: true } }, async (request, reply) => {
    const session = await openPortalSession(db, (request.body ?? {}) as Record<string, unknown>);
    if (!session) return html(reply, 401, messagePage('en', portalText('en', 'portal'), portalText('en', 'not_signed_in')));
    return reply
      .setCookie(PORTAL_COOKIE, session, { path: '/vendor_portal', httpOnly: true, sameSite: 'lax', secure, maxAge: PORTAL_SESSION_SECONDS })
      .redirect('/vendor_portal', 303);
  });

  app.get('/vendor_portal', { config: { public: true, browser: true } }, async (request, reply) => {
    const home = await portalHome(db, request.cookies[PORTAL_COOKIE]);
    if (!home) return html(reply, 401, messagePage('en', portalText('en', 'portal'), portalText('en', 'not_signed_in')));
    reply.header('cache-control', 'private, no-store');
    return html(reply, 200, homePage(home));
  });

  app.get('/vendor_portal/confirmation', { config: { public: true, browser: true } }, async (request, reply) => {
    const token = field(request.query, 'confirmation_token');
    const pending = typeof token === 'string' ? await pendingConfirmation(db, token) : null;
    if (!pending) return html(reply, 404, messagePage('en', portalText('en', 'confirm_title'), portalText('en', 'confirm_invalid')));
    return html(reply, 200, confirmPage(pending.language, token as string, pending.email, pending.vendor_name));
  });

  app.post('/vendor_portal/confirmation', { config: { public: true } }, async (request, reply) => {
    const token = field(request.body, 'confirmation_token');
    const confirmed = typeof token === 'string' ? await confirmEmail(db, token) : null;
    const json = !String(request.headers['content-type'] ?? '').includes('form-urlencoded');
    if (!confirmed) {
      if (json) throw new ValidationFailed({ confirmation_token: ['invalid'] });
      return html(reply, 404, messagePage('en', portalText('en', 'confirm_title'), portalText('en', 'confirm_invalid')));
    }
    if (json) return { email: confirmed.email, is_confirmed: true };
    const title = portalText(confirmed.language, 'confirm_title');
    return html(reply, 200, messagePage(confirmed.language, title, portalText(confirmed.language, 'confirmed', { email: confirmed.email })));
  });
}
