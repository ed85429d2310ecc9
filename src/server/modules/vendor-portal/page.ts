import { pageLanguage, portalText } from './texts.js';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
main{max-width:760px;margin:0 auto;padding:24px}header{border-bottom:1px solid #d5d9df;margin-bottom:16px}
section{background:#fff;border:1px solid #d5d9df;border-radius:8px;padding:12px 16px;margin:12px 0}
h1{font-size:24px;margin:8px 0}h2{font-size:18px}h3{font-size:16px;margin:12px 0 4px}.muted{color:#555b63}
button{font:inherit;padding:6px 14px;border-radius:6px;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}`;

/** A whole page of the portal: it stands outside the staff app, so it is plain, server-written HTML. */
export function portalPage(language: string, title: string, body: string): string {
  const lang = pageLanguage(language);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · ${escapeHtml(portalText(lang, 'portal'))}</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface PortalHome {
  language: string;
  vendor: { id: number; name: string; full_number: string };
  contact: { first_name: string; last_name: string; email: string };
  issued_by: string | null;
  pages: { id: number; title: string; body: string }[];
  faqs: { section: string; items: { id: number; title: string; body: string }[] }[];
}

/**
 * The vendor portal's home as the contact sees it: the vendor's name, who is signed in, the portal
 * pages and the FAQs by section in the vendor's language. Page and FAQ bodies are stored sanitised by
 * the portal module (an allow-list of tags), so they are inserted as HTML; everything else is escaped.
 */
export function homePage(home: PortalHome): string {
  const t = (key: Parameters<typeof portalText>[1], vars?: Record<string, string>) => escapeHtml(portalText(home.language, key, vars));
  const name = `${home.contact.first_name} ${home.contact.last_name}`;
  const pages = home.pages.length
    ? home.pages.map((p) => `<article><h3>${escapeHtml(p.title)}</h3>${p.body}</article>`).join('')
    : `<p class="muted">${t('no_pages')}</p>`;
  const faqs = home.faqs.length
    ? home.faqs
        .map((s) => `<h3>${escapeHtml(s.section)}</h3>${s.items.map((f) => `<details><summary>${escapeHtml(f.title)}</summary>${f.body}</details>`).join('')}`)
        .join('')
    : `<p class="muted">${t('no_faqs')}</p>`;
  return portalPage(
    home.language,
    home.vendor.name,
    `<header><p class="muted">${t('portal')}</p><h1>${escapeHtml(home.vendor.name)}</h1>
<p>${t('signed_in_as', { name, email: home.contact.email })} · ${escapeHtml(home.vendor.full_number)}</p>
${home.issued_by ? `<p class="muted">${t('on_behalf', { staff: home.issued_by })}</p>` : ''}</header>
<section aria-labelledby="pages"><h2 id="pages">${t('pages')}</h2>${pages}</section>
<section aria-labelledby="faqs"><h2 id="faqs">${t('faqs')}</h2>${faqs}</section>`,
  );
}

export function messagePage(language: string, title: string, message: string): string {
  return portalPage(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`);
}

/** Asks to confirm (a click, not the GET: mail scanners open links, and must not use them up). */
export function confirmPage(language: string, token: string, email: string, vendor: string): string {
  const title = portalText(language, 'confirm_title');
  return portalPage(
    language,
    title,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(portalText(language, 'confirm_intro', { email, vendor }))}</p>
<form method="post" action="/vendor_portal/confirmation"><input type="hidden" name="confirmation_token" value="${escapeHtml(token)}">
<button type="submit" autofocus>${escapeHtml(portalText(language, 'confirm_button'))}</button></form>`,
  );
}
