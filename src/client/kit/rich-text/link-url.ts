import { linkUrl } from '../../../shared/validation/portal';
import { safeHref } from './normalize';

/**
 * The link dialog's address (spec 1, 2.14 and 5): the default protocol is https, so `example.com`
 * becomes `https://example.com`; anything that names another scheme (`ftp://x`, `javascript:…`,
 * `mailto:…`) stays as typed and fails the shared `linkUrl` rule with `invalid`.
 */

/** A scheme is letters then `:`; `host:8080` (a colon before digits) is a port, not a scheme. */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

export function withDefaultProtocol(raw: string): string {
  const url = raw.trim();
  if (url === '') return '';
  if (url.startsWith('//')) return `https:${url}`;
  // The scheme in lower case (`HTTPS://` is https); the rest as typed.
  return SCHEME.test(url) ? url.replace(SCHEME, (scheme) => scheme.toLowerCase()) : `https://${url}`;
}

export type LinkUrlCheck = { ok: true; url: string } | { ok: false; error: string };

/**
 * What the dialog stores for `raw`: '' (no link) or an http(s) address; otherwise the message key.
 * The shared rule decides; the address must also survive the server's sanitizer, or the link would
 * silently disappear on save.
 */
export function checkLinkUrl(raw: string): LinkUrlCheck {
  const url = withDefaultProtocol(raw);
  const [failure] = linkUrl().validate(url);
  if (failure || (url !== '' && safeHref(url) === undefined)) return { ok: false, error: 'invalid' };
  return { ok: true, url };
}

/** Whether a pasted text may become a link on the selected text (Lexical's paste-a-URL behaviour). */
export function isLinkableUrl(text: string): boolean {
  const url = text.trim();
  return /^https?:\/\//i.test(url) && checkLinkUrl(url).ok;
}
