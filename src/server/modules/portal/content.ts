import { sanitizeHtml } from '../../lib/sanitize-html.js';

/** Portal content is edited by portal admins (and admins, who pass every check): spec 1, 6. */
export const PORTAL_ROLES = ['portal_admin'];

/**
 * The payload with its rich-text body cleaned. Cleaning comes before validation, so a body with nothing
 * the editor could have made in it (say, only a script) is `blank` like an empty one.
 */
export function withCleanBody(payload: Record<string, unknown>): Record<string, unknown> {
  return typeof payload.body === 'string' ? { ...payload, body: sanitizeHtml(payload.body) } : payload;
}
