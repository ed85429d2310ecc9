import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '../support/audit.js';
import { setupApi, type TestUser } from '../support/api.js';
import { expectOnlyAllowedMarkup, XSS_PAYLOADS } from '../support/html.js';

/** Rich-text bodies through the API: what is stored and answered holds nothing executable. */
const api = setupApi();
let portal: TestUser;
let sectionId: number;
let counter = 0;

beforeAll(async () => {
  portal = await api.user(['portal_admin']);
  sectionId = (await api.db.insertInto('portal_faq_sections').values({ name: 'Security', locale: 'en' }).returning('id').executeTakeFirstOrThrow()).id;
});

async function createPage(body: string) {
  counter += 1;
  return api.request({ method: 'POST', url: '/portal-pages', payload: { portal_page: { locale: 'en', name: `page-${counter}`, title: 'T', body } }, as: portal });
}

async function storedPageBody(id: number) {
  return (await api.db.selectFrom('portal_pages').select('body').where('id', '=', id).executeTakeFirstOrThrow()).body;
}

const DANGER = /<script|<img|<svg|<iframe|<object|<embed|<style|<link|<meta|<base|<form|<math|<template|<textarea| on[a-z]+=|javascript:|vbscript:|data:/i;

describe('page and FAQ bodies', () => {
  it.each(Object.entries(XSS_PAYLOADS))('strips %s from what is stored and answered', async (_name, payload) => {
    const res = await createPage(`<p>Hello</p>${payload}`);
    expect(res.statusCode).toBe(201);
    const { id, body } = res.json();
    expect(await storedPageBody(id)).toBe(body);
    expectOnlyAllowedMarkup(body);
    expect(body).not.toMatch(DANGER);
    expect(body.startsWith('<p>Hello</p>')).toBe(true);
  });

  it('cleans FAQ bodies on create and update alike', async () => {
    const created = await api.request({
      method: 'POST',
      url: '/portal-faqs',
      payload: { portal_faq: { portal_faq_section_id: sectionId, title: 'Q', body: '<p onmouseover="steal()">A <a href="javascript:alert(1)">link</a></p><script>x()</script>' } },
      as: portal,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().body).toBe('<p>A link</p>');

    const updated = await api.request({
      method: 'PUT',
      url: `/portal-faqs/${created.json().id}`,
      payload: { portal_faq: { body: '<p>B</p><iframe src="https://evil.example"></iframe><svg onload="x()"></svg>' } },
      as: portal,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().body).toBe('<p>B</p>');
    const stored = await api.db.selectFrom('portal_faqs').select('body').where('id', '=', created.json().id).executeTakeFirstOrThrow();
    expect(stored.body).toBe('<p>B</p>');
  });

  it('keeps a typical editor body unchanged, and saving it again changes nothing', async () => {
    const body =
      '<h2>Payment terms</h2><h3>When</h3><p>We pay <strong>monthly</strong>, <em>usually</em> on the <u>first</u> working day, <s>never</s> late.<br />Second line.</p>' +
      '<ul><li>bank details<ol><li>IBAN</li><li><em>BIC</em></li></ol></li><li><u><s><em><strong>everything</strong></em></s></u></li></ul>' +
      '<h4>Contact</h4><p>See <a href="https://remit.example/terms?a=1&amp;b=2" rel="noopener noreferrer" target="_blank">the <strong>terms</strong></a> or ' +
      '<a href="mailto:help@remit.example" rel="noopener noreferrer" target="_blank">mail us</a> — 5 &lt; 6 &amp; "quoted".</p><p><br /></p>';
    const created = await createPage(body);
    expect(created.statusCode).toBe(201);
    expect(created.json().body).toBe(body);
    const id = created.json().id;
    expect(await storedPageBody(id)).toBe(body);

    const again = await api.request({ method: 'PUT', url: `/portal-pages/${id}`, payload: { portal_page: { body } }, as: portal });
    expect(again.statusCode).toBe(200);
    expect(again.json().body).toBe(body);
    // Nothing changed, so nothing was audited beyond the create.
    expect((await auditTrail(api.db, 'PortalPage', id)).map((t) => t.action)).toEqual(['create']);
  });

  it('stores the Lexical export of a body in the clean shape', async () => {
    const exported =
      '<h2 class="rt-h2"><span style="white-space: pre-wrap;">Title</span></h2><p class="rt-p" dir="ltr"><b><strong class="rt-b" style="white-space: pre-wrap;">bold</strong></b>' +
      '<span style="white-space: pre-wrap;"> and </span><a href="https://remit.example" class="rt-link"><span style="white-space: pre-wrap;">link</span></a></p>' +
      '<ul class="rt-ul"><li value="1" class="rt-li"><span style="white-space: pre-wrap;">one</span></li></ul>';
    const res = await createPage(exported);
    expect(res.json().body).toBe(
      '<h2>Title</h2><p><strong>bold</strong> and <a href="https://remit.example" rel="noopener noreferrer" target="_blank">link</a></p><ul><li>one</li></ul>',
    );
  });
});
