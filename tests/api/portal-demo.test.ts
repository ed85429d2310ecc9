import { beforeAll, describe, expect, it } from 'vitest';
import { demoPortal } from '../../src/server/db/demo/portal.js';
import { sanitizeHtml } from '../../src/server/lib/sanitize-html.js';
import { setupApi, type TestUser } from '../support/api.js';
import '../../src/server/modules/content-owners/tables.js';

const api = setupApi();
let portal: TestUser;
let channels: TestUser;

beforeAll(async () => {
  portal = await api.user(['portal_admin']);
  channels = await api.user(['youtube_whitelisted_channels']);
  // A content owner the reference data may already have made: the seed uses it rather than failing.
  await api.db
    .insertInto('content_owners')
    .values({ content_owner_id: 'rM7qT2vXk9LpW4sN8dHb3A', display_name: 'Music (from reference data)', report_filename_part: 'RemitMusicDemo' })
    .execute();
  await api.db.transaction().execute((trx) => demoPortal.run(trx));
});

describe('portal demo data', () => {
  it('fills the portal screens in English and German with clean bodies', async () => {
    const sections = await api.request({ method: 'GET', url: '/portal-faq-sections/lookup?locale=de', as: portal });
    expect(sections.json().map((s: { name: string }) => s.name)).toEqual(['Ihr Konto', 'Zahlungen']);
    const faqs = (await api.request({ method: 'GET', url: '/portal-faqs?s=50', as: portal })).json();
    expect(faqs.total).toBeGreaterThanOrEqual(6);
    const pages = (await api.request({ method: 'GET', url: '/portal-pages?s=50', as: portal })).json();
    expect(pages.entries.map((p: { locale: string; name: string }) => `${p.locale}:${p.name}`).sort()).toEqual(['de:imprint', 'de:payment-terms', 'en:imprint', 'en:payment-terms']);
    for (const entry of [...faqs.entries, ...pages.entries]) expect(sanitizeHtml(entry.body)).toBe(entry.body);
  });

  it('fills the whitelisted channels screen, with and without revenue sources', async () => {
    const res = (await api.request({ method: 'GET', url: '/api/youtube_whitelisted_channels?s=50', as: channels })).json();
    expect(res.total).toBe(7);
    expect(res.entries.some((e: { revenue_source: unknown }) => e.revenue_source === null)).toBe(true);
    expect(res.entries.some((e: { revenue_source: { type: string } | null }) => e.revenue_source?.type === 'youtube_label')).toBe(true);
    expect(new Set(res.entries.map((e: { content_owner: { display_name: string } }) => e.content_owner.display_name))).toEqual(
      new Set(['Music (from reference data)', 'Remit Entertainment']),
    );
  });
});
