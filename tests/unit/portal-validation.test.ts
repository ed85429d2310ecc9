import { describe, expect, it } from 'vitest';
import { check } from '../../src/shared/validation/core.js';
import { linkUrl, validatePortalFaq, validatePortalPage } from '../../src/shared/validation/portal.js';

describe('portal validation shared with the browser', () => {
  it('checks the link dialog url', () => {
    expect(check(linkUrl(), '')).toEqual({ ok: true, value: '' });
    expect(check(linkUrl(), 'https://remit.example/a')).toMatchObject({ ok: true });
    expect(check(linkUrl(), 'http://remit.example')).toMatchObject({ ok: true });
    expect(check(linkUrl(), 'remit.example')).toEqual({ ok: false, errors: { base: ['invalid'] } });
    expect(check(linkUrl(), 'javascript:alert(1)')).toEqual({ ok: false, errors: { base: ['invalid'] } });
  });

  it('treats an empty editor as a blank body and coerces form values', () => {
    expect(validatePortalPage({ locale: 'de', name: ' imprint ', title: 'Impressum', body: '<p><br></p>' })).toEqual({ ok: false, errors: { body: ['blank'] } });
    expect(validatePortalFaq({ locale: '', portal_faq_section_id: '12', title: ' Q ', body: '<p>A</p>' })).toEqual({
      ok: true,
      value: { locale: '', portal_faq_section_id: 12, title: 'Q', body: '<p>A</p>' },
    });
  });
});
