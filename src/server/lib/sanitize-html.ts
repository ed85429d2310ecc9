import sanitize from 'sanitize-html';
import { canonicalRichText, RICH_TEXT_DROPPED, RICH_TEXT_READ_TAGS, RICH_TEXT_RENAMED, safeHref, type RichElement, type RichNode } from '../../shared/rich-text.js';

/**
 * Rich-text bodies (portal FAQs and pages) are stored as HTML that holds exactly what the editor can
 * make (spec 1, 2.14): headings 2-4, paragraphs, bold, italic, underline, strike, bullet and numbered
 * lists, links and line breaks. Everything else is removed; the text of removed formatting stays.
 *
 * sanitize-html applies the allowlist (tags, schemes, dropped content, nesting bound) to the untrusted
 * input; its output is read into the shared tree, and src/shared/rich-text.ts, which the editor uses
 * too, gives it its one canonical shape, so a body the editor made survives a second save unchanged and
 * `sanitizeHtml(sanitizeHtml(x)) === sanitizeHtml(x)`.
 */

const OPTIONS: sanitize.IOptions = {
  allowedTags: [...RICH_TEXT_READ_TAGS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is code, styling, embedded documents or form values: dropped with their content.
  nonTextTags: [...RICH_TEXT_DROPPED],
  // Bounds the tree (and the recursion below); deeper tags are dropped, their text kept.
  nestingLimit: 20,
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    ...RICH_TEXT_RENAMED,
    // Attributes in a fixed order, so serialising again gives the same text.
    a: (_tag, attribs): sanitize.Tag => {
      const href = safeHref(attribs.href);
      return { tagName: 'a', attribs: href ? { href, rel: 'noopener noreferrer', target: '_blank' } : {} };
    },
  },
};

// sanitize-html's output escapes `&`, `<` and `>` in text and also `"` in attribute values, so every
// `<...>` is a tag and unescaping those four gives the text back exactly.
const TAG = /<(\/?)([a-z0-9]+)[^>]*>/g;
const HREF = / href="([^"]*)"/;
const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');

/** sanitize-html's output → the shared tree. */
function parse(html: string): RichNode[] {
  const root: RichElement = { tag: '', children: [] };
  const stack = [root];
  let last = 0;
  for (const m of html.matchAll(TAG)) {
    const top = stack[stack.length - 1];
    if (m.index > last) top.children.push(unescape(html.slice(last, m.index)));
    last = m.index + m[0].length;
    const [token, closing, tag] = m;
    if (closing) {
      if (stack.length > 1 && top.tag === tag) stack.pop();
    } else if (tag === 'br') {
      top.children.push({ tag, children: [] });
    } else {
      const href = tag === 'a' ? HREF.exec(token)?.[1] : undefined;
      const el: RichElement = { tag, ...(href !== undefined ? { href: unescape(href) } : {}), children: [] };
      top.children.push(el);
      stack.push(el);
    }
  }
  if (last < html.length) stack[stack.length - 1].children.push(unescape(html.slice(last)));
  return root.children;
}

/** The allowlisted, canonical form of a rich-text body. */
export function sanitizeHtml(dirty: string): string {
  return canonicalRichText(parse(sanitize(dirty, OPTIONS)));
}
