import { canonicalRichText, RICH_TEXT_DROPPED, RICH_TEXT_READ_TAGS, RICH_TEXT_RENAMED, safeHref, type RichNode } from '../../../shared/rich-text';

/**
 * The editor's side of the rich-text contract: reads what Lexical exports (`<b><strong class style>`,
 * `<u><span class>`, `<li value>`, `<span style="white-space: pre-wrap">` ...) from a browser DOM into
 * the shared tree, and src/shared/rich-text.ts gives it the one canonical shape the server's sanitizer
 * keeps too (src/server/lib/sanitize-html.ts reads sanitize-html's output into the same tree), so that
 * for every body the editor makes `sanitizeHtml(html) === html`.
 * Browser only: it parses with an inert `<template>`, so nothing in the input loads or runs.
 */

export { safeHref };

const DROPPED: ReadonlySet<string> = new Set(RICH_TEXT_DROPPED);
const KEPT: ReadonlySet<string> = new Set(RICH_TEXT_READ_TAGS);

/** DOM → the shared tree, with the allowlist applied: unknown tags unwrapped, dangerous ones dropped. */
function fromDom(parent: globalThis.Node, depth = 0): RichNode[] {
  const out: RichNode[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 3) {
      out.push(child.nodeValue ?? '');
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const raw = element.localName.toLowerCase();
    if (DROPPED.has(raw)) continue;
    const tag = RICH_TEXT_RENAMED[raw] ?? raw;
    const children = depth > 200 ? [element.textContent ?? ''] : fromDom(element, depth + 1);
    if (tag === 'br') out.push({ tag, children: [] });
    else if (tag === 'a') out.push({ tag, href: safeHref(element.getAttribute('href')), children });
    else if (KEPT.has(tag)) out.push({ tag, children });
    else out.push(...children);
  }
  return out;
}

/**
 * The canonical form of a rich-text body (src/shared/rich-text.ts); '' for a body without any text, so
 * an empty editor yields ''.
 */
export function normalizeRichText(html: string): string {
  if (!html || html.trim() === '') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  return canonicalRichText(fromDom(template.content), { blankAsEmpty: true });
}
