/**
 * The client's half of the rich-text contract: turns what Lexical exports (`<b><strong class style>`,
 * `<u><span class>`, `<li value>`, `<span style="white-space: pre-wrap">` ...) into the one canonical
 * shape the server's sanitizer keeps (src/server/lib/sanitize-html.ts), so that for every body the editor
 * makes `sanitizeHtml(html) === html`:
 *
 * - tags `h2 h3 h4 p ul ol li strong em u s a br` only; links exactly
 *   `<a href="…" rel="noopener noreferrer" target="_blank">` with an absolute http, https or mailto href;
 * - the top level holds `p h2 h3 h4 ul ol`; a list holds `li`; blocks in running text are unwrapped;
 * - each run of text wrapped once per format, nested `u > s > em > strong` (outermost first);
 * - white space collapsed as the editor does when it loads HTML; trailing `<br>`s dropped; an empty
 *   block holds `<br />`.
 *
 * It mirrors the server's normalising step on a browser DOM (the server works on sanitize-html's output
 * string and has no DOM), and is kept honest by tests that run the server sanitizer over its output.
 * Browser only: it parses with an inert `<template>`, so nothing in the input loads or runs.
 */

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4']);
const LISTS = new Set(['ul', 'ol']);
const INLINE = new Set(['strong', 'em', 'u', 's']);
const CONTAINERS = new Set(['div', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'address', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'dl', 'dt', 'dd']);
/** Dropped with their content, as the server does. */
const DROPPED = new Set(['script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'title', 'head', 'xmp', 'noembed', 'noframes', 'plaintext']);
const RENAMED: Record<string, string> = { b: 'strong', i: 'em', strike: 's', del: 's', h1: 'h2', h5: 'h4', h6: 'h4' };
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const FORMAT_ORDER = ['u', 's', 'em', 'strong'] as const;

/** An absolute http, https or mailto URL as written (trimmed), or undefined: the server's rule. */
export function safeHref(raw: string | null | undefined): string | undefined {
  const href = raw?.trim();
  if (!href) return undefined;
  try {
    return LINK_PROTOCOLS.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

interface El {
  tag: string;
  /** Links only: the safe href; a link without one is plain text. */
  href?: string;
  children: Node[];
}
/** Text is kept decoded here and escaped when written. */
type Node = El | string;

const BR: El = { tag: 'br', children: [] };
const isEl = (n: Node | undefined): n is El => typeof n === 'object' && n !== null;
const isBr = (n: Node | undefined) => isEl(n) && n.tag === 'br';
const isList = (n: Node): n is El => isEl(n) && LISTS.has(n.tag);

/** DOM → the small tree, with the allowlist applied: unknown tags unwrapped, dangerous ones dropped. */
function fromDom(parent: globalThis.Node, depth = 0): Node[] {
  const out: Node[] = [];
  for (const child of Array.from(parent.childNodes)) {
    if (child.nodeType === 3) {
      out.push(child.nodeValue ?? '');
      continue;
    }
    if (child.nodeType !== 1) continue;
    const element = child as Element;
    const raw = element.localName.toLowerCase();
    if (DROPPED.has(raw)) continue;
    const tag = RENAMED[raw] ?? raw;
    const children = depth > 200 ? [element.textContent ?? ''] : fromDom(element, depth + 1);
    if (tag === 'br') out.push(BR);
    else if (tag === 'a') out.push({ tag, href: safeHref(element.getAttribute('href')), children });
    else if (BLOCKS.has(tag) || LISTS.has(tag) || INLINE.has(tag) || tag === 'li' || CONTAINERS.has(tag)) out.push({ tag, children });
    else out.push(...children);
  }
  return out;
}

/** Top level: blocks and lists stay; loose inline content becomes paragraphs; containers separate paragraphs. */
function topLevel(nodes: Node[]): El[] {
  const out: El[] = [];
  let run: Node[] = [];
  const flush = () => {
    const inline = inlineContent(run);
    if (inline.length > 0) out.push({ tag: 'p', children: block(inline) });
    run = [];
  };
  const visit = (node: Node) => {
    if (isEl(node) && BLOCKS.has(node.tag)) {
      flush();
      out.push({ tag: node.tag, children: block(inlineContent(node.children)) });
    } else if (isList(node)) {
      flush();
      out.push(list(node));
    } else if (isEl(node) && (node.tag === 'li' || CONTAINERS.has(node.tag))) {
      flush();
      node.children.forEach(visit);
      flush();
    } else {
      run.push(node);
    }
  };
  nodes.forEach(visit);
  flush();
  return out;
}

/** A list holds list items only; anything else in it becomes an item of its own. */
function list(node: El): El {
  const items: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    const content = itemContent(run);
    if (content.length > 0) items.push({ tag: 'li', children: block(content) });
    run = [];
  };
  for (const child of node.children) {
    if (isEl(child) && child.tag === 'li') {
      flush();
      items.push({ tag: 'li', children: block(itemContent(child.children)) });
    } else {
      run.push(child);
    }
  }
  flush();
  return { tag: node.tag, children: items };
}

/**
 * A list item: running text, with nested lists where it has them. Line breaks just before a nested list
 * are dropped like those at the end of a block: Lexical writes one more than it reads back there, so
 * they would grow by one on every save.
 */
function itemContent(nodes: Node[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = (beforeList = false) => {
    const inline = inlineContent(run);
    if (beforeList) while (isBr(inline[inline.length - 1])) inline.pop();
    out.push(...inline);
    run = [];
  };
  for (const node of nodes) {
    if (isList(node)) {
      flush(true);
      out.push(list(node));
    } else {
      run.push(node);
    }
  }
  flush();
  return out;
}

/** Trailing line breaks go; an empty block holds one. */
function block(children: Node[]): Node[] {
  while (children.length > 1 && isBr(children[children.length - 1])) children.pop();
  return children.length > 0 ? children : [BR];
}

interface Piece {
  /** null: a line break. */
  text: string | null;
  formats: string[];
  href: string | null;
}

function pieces(nodes: Node[], formats: ReadonlySet<string>, href: string | null, out: Piece[] = []): Piece[] {
  for (const node of nodes) {
    if (typeof node === 'string') {
      out.push({ text: node.replace(/\r\n?/g, '\n'), formats: FORMAT_ORDER.filter((f) => formats.has(f)), href });
    } else if (node.tag === 'br') {
      out.push({ text: null, formats: [], href });
    } else if (node.tag === 'a') {
      // A link inside a link is not one; an anchor without an allowed href is plain text.
      pieces(node.children, formats, href ?? node.href ?? null, out);
    } else {
      pieces(node.children, INLINE.has(node.tag) ? new Set([...formats, node.tag]) : formats, href, out);
    }
  }
  return out;
}

const SPACE_END = /[ \t\n]$/;
const HAS_TEXT = /[^ \t\n]/;

/** White space as the editor reads it when loading HTML: runs become one space, none at a line's ends. */
function collapseSpaces(all: Piece[]): void {
  const raw = all.map((p) => p.text);
  const textAhead: boolean[] = new Array(all.length);
  for (let k = all.length - 1, ahead = false; k >= 0; k--) {
    textAhead[k] = ahead;
    const t = raw[k];
    ahead = t === null ? false : ahead || HAS_TEXT.test(t);
  }
  let previous: string | undefined;
  all.forEach((piece, k) => {
    const t = raw[k];
    if (t === null) {
      previous = undefined;
      return;
    }
    let text = t.replace(/[ \t\n]+/g, ' ');
    if (text.startsWith(' ') && (previous === undefined || SPACE_END.test(previous))) text = text.slice(1);
    if (text.endsWith(' ') && !textAhead[k]) text = text.slice(0, -1);
    piece.text = text;
    if (t.length > 0) previous = t;
  });
}

/** Running text: one wrapper per format around each run, neighbours with the same formats and link joined. */
function inlineContent(nodes: Node[]): Node[] {
  const all = pieces(nodes, new Set(), null);
  collapseSpaces(all);
  const kept: Piece[] = [];
  for (const p of all) {
    if (p.text === '') continue;
    const last = kept[kept.length - 1];
    if (last && p.text !== null && last.text !== null && last.href === p.href && last.formats.join() === p.formats.join()) last.text += p.text;
    else kept.push({ ...p });
  }
  const out: Node[] = [];
  let anchor: El | null = null;
  for (const p of kept) {
    const node: Node = p.text === null ? BR : p.formats.reduceRight<Node>((inner, f) => ({ tag: f, children: [inner] }), p.text);
    if (p.href === null) {
      anchor = null;
      out.push(node);
    } else {
      if (anchor === null || anchor.href !== p.href) {
        anchor = { tag: 'a', href: p.href, children: [] };
        out.push(anchor);
      }
      anchor.children.push(node);
    }
  }
  return out;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

function serialize(nodes: Node[]): string {
  let html = '';
  for (const n of nodes) {
    if (typeof n === 'string') html += escapeText(n);
    else if (n.tag === 'br') html += '<br />';
    else if (n.tag === 'a') html += `<a href="${escapeAttr(n.href ?? '')}" rel="noopener noreferrer" target="_blank">${serialize(n.children)}</a>`;
    else html += `<${n.tag}>${serialize(n.children)}</${n.tag}>`;
  }
  return html;
}

/** True when the canonical HTML shows no text (only empty blocks): such a body is stored as ''. */
function isBlank(nodes: Node[]): boolean {
  return nodes.every((n) => (typeof n === 'string' ? n.trim() === '' : isBlank(n.children)));
}

/**
 * The canonical form of a rich-text body (see above); '' for a body without any text, so an empty
 * editor yields ''.
 */
export function normalizeRichText(html: string): string {
  if (!html || html.trim() === '') return '';
  const template = document.createElement('template');
  template.innerHTML = html;
  const blocks = topLevel(fromDom(template.content));
  return isBlank(blocks) ? '' : serialize(blocks);
}
