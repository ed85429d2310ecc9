import { coerce, define, object, refine, string, type Infer } from 'superstruct';
import { CONTENT_LOCALES } from '../locales.js';
import { blankable, oneOf, required, text, url, type ValidationResult } from './core.js';
import { trimmed, validateWith } from './fields.js';

/**
 * Vendor-portal content (spec 1, 2.14 and 5). The browser forms and the server use these structs; the
 * server also cleans bodies (before validating, so a body with nothing allowed in it is `blank`) and
 * checks that a FAQ's section has the FAQ's locale.
 */

/** True when HTML shows no text: an empty editor exports `<p><br></p>`, and that is a blank body. */
export function isBlankHtml(html: string): boolean {
  const textOnly = html.replace(/<[^>]*>/g, '').replace(/&nbsp;|&#160;|&#xa0;/gi, ' ');
  return textOnly.trim() === '';
}

/** A rich-text body (HTML); one without any text is `blank`. */
export const htmlBody = () => refine(text(), 'htmlBody', (v) => !isBlankHtml(v) || 'blank');

/** The editor's link dialog (spec 1, 5): a url, when given, starts with http:// or https:// (`invalid`). */
export const linkUrl = () => blankable(url());

/** A record chosen in a select: a positive id; digit strings (form posts) become numbers. */
export const recordRef = () =>
  coerce(
    define<number>('recordRef', (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) || 'invalid'),
    string(),
    (s) => (/^\d{1,15}$/.test(s.trim()) ? Number(s.trim()) : s),
  );

export const contentLocale = () => oneOf(CONTENT_LOCALES);

export const portalFaqSectionStruct = () =>
  object({
    name: required(trimmed()),
    locale: required(contentLocale()),
  });

/** The locale may be left out: it is the section's, and the form uses it to offer that locale's sections. */
export const portalFaqStruct = () =>
  object({
    locale: blankable(contentLocale()),
    portal_faq_section_id: required(recordRef()),
    title: required(trimmed()),
    body: required(htmlBody()),
  });

export const portalPageStruct = () =>
  object({
    locale: required(contentLocale()),
    name: required(trimmed()),
    title: required(trimmed()),
    body: required(htmlBody()),
  });

export type PortalFaqSectionInput = Infer<ReturnType<typeof portalFaqSectionStruct>>;
export type PortalFaqInput = Infer<ReturnType<typeof portalFaqStruct>>;
export type PortalPageInput = Infer<ReturnType<typeof portalPageStruct>>;

export const validatePortalFaqSection = (value: unknown): ValidationResult<PortalFaqSectionInput> => validateWith(portalFaqSectionStruct(), value);
export const validatePortalFaq = (value: unknown): ValidationResult<PortalFaqInput> => validateWith(portalFaqStruct(), value);
export const validatePortalPage = (value: unknown): ValidationResult<PortalPageInput> => validateWith(portalPageStruct(), value);
