/**
 * The one rich-text normaliser (portal FAQs and pages, spec 1, 2.14), shared by the editor (browser, over
 * a DOM: src/client/kit/rich-text/normalize.ts) and the server's sanitizer (over sanitize-html's output:
 * src/server/lib/sanitize-html.ts). Each side only reads its input into the small tree below with the
 * allowlist applied; the shape rules live here once, so for every body the editor makes
 * `sanitizeHtml(html) === html`, and `sanitizeHtml(sanitizeHtml(x)) === sanitizeHtml(x)`:
 *
 * - tags `h2 h3 h4 p ul ol li strong em u s a br`, no attributes except on links, which are exactly
 *   `<a href="…" rel="noopener noreferrer" target="_blank">` with an absolute http, https or mailto href;
 * - Lexical's export (`<b><strong class>`, `<i><em>`, `<span style>`, `<li value>`) folded into those tags;
 * - the top level holds only blocks (`p h2 h3 h4 ul ol`); loose text and inline markup go into a `<p>`;
 *   a list holds only `li`; blocks inside paragraphs, headings or formatting are unwrapped;
 * - each run of text wrapped once per format, nested `u > s > em > strong` (outermost first, as Lexical
 *   writes them); links without an href and empty formatting are unwrapped;
 * - white space collapsed and trailing `<br>`s dropped as the editor does when it loads HTML, and an
 *   empty paragraph, heading or list item holds `<br />`, as the editor writes it.
 */

export const RICH_TEXT_BLOCKS: ReadonlySet<string> = new Set(['p', 'h2', 'h3', 'h4']);
export const RICH_TEXT_LISTS: ReadonlySet<string> = new Set(['ul', 'ol']);
export const RICH_TEXT_FORMATS: ReadonlySet<string> = new Set(['strong', 'em', 'u', 's']);
/** Blocks the editor cannot make: read only to separate paragraphs, then unwrapped. */
export const RICH_TEXT_CONTAINERS: readonly string[] = ['div', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'address', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'dl', 'dt', 'dd'];
/** Elements whose content is code, styling, embedded documents or form values: dropped with their content. */
export const RICH_TEXT_DROPPED: readonly string[] = ['script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'title', 'head', 'xmp', 'noembed', 'noframes', 'plaintext'];
/** Tags read as one the editor makes. */
export const RICH_TEXT_RENAMED: Readonly<Record<string, string>> = { b: 'strong', i: 'em', strike: 's', del: 's', h1: 'h2', h5: 'h4', h6: 'h4' };
/** Every tag kept when reading (the rest are unwrapped, their text kept). */
export const RICH_TEXT_READ_TAGS: readonly string[] = [...RICH_TEXT_BLOCKS, ...RICH_TEXT_LISTS, ...RICH_TEXT_FORMATS, 'li', 'a', 'br', ...RICH_TEXT_CONTAINERS];

const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
const FORMAT_ORDER = ['u', 's', 'em', 'strong'] as const;
const CONTAINERS: ReadonlySet<string> = new Set(RICH_TEXT_CONTAINERS);

/** An absolute http, https or mailto URL as written (trimmed), judged by the URL parser browsers use; else undefined. */
export function safeHref(raw: string | null | undefined): string | undefined {
  const href = raw?.trim();
  if (!href) return undefined;
  try {
    return LINK_PROTOCOLS.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

export interface RichElement {
  tag: string;
  /** Links only: the safe href; a link without one is plain text. */
  href?: string;
  children: RichNode[];
}
/** Text is kept decoded in the tree and escaped when written. */
export type RichNode = RichElement | string;

const BR: RichElement = { tag: 'br', children: [] };
const isEl = (n: RichNode | undefined): n is RichElement => typeof n === 'object' && n !== null;
const isBr = (n: RichNode | undefined) => isEl(n) && n.tag === 'br';
const isList = (n: RichNode): n is RichElement => isEl(n) && RICH_TEXT_LISTS.has(n.tag);

/**
 * The top level: paragraphs, headings and lists stay; loose text and inline markup between them become
 * paragraphs (runs of only white space go); a stray list item or other container gives up its wrapper
 * but still separates paragraphs.
 */
function topLevel(nodes: RichNode[]): RichElement[] {
  const out: RichElement[] = [];
  let run: RichNode[] = [];
  const flush = () => {
    const inline = inlineContent(run);
    if (inline.length > 0) out.push({ tag: 'p', children: block(inline) });
    run = [];
  };
  const visit = (node: RichNode) => {
    if (isEl(node) && RICH_TEXT_BLOCKS.has(node.tag)) {
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
function list(node: RichElement): RichElement {
  const items: RichNode[] = [];
  let run: RichNode[] = [];
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
function itemContent(nodes: RichNode[]): RichNode[] {
  const out: RichNode[] = [];
  let run: RichNode[] = [];
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

/** Trailing line breaks go (the editor ignores them when loading); an empty block holds one. */
function block(children: RichNode[]): RichNode[] {
  while (children.length > 1 && isBr(children[children.length - 1])) children.pop();
  return children.length > 0 ? children : [BR];
}

/** One piece of running text with its formatting and link, or a line break (text null). */
interface Piece {
  text: string | null;
  formats: string[];
  href: string | null;
}

/** The pieces of running text in document order; blocks and lists inside it are unwrapped. */
function pieces(nodes: RichNode[], formats: ReadonlySet<string>, href: string | null, out: Piece[] = []): Piece[] {
  for (const node of nodes) {
    if (typeof node === 'string') {
      // A browser reads CR LF and CR as LF; so must the white-space rules below.
      out.push({ text: node.replace(/\r\n?/g, '\n'), formats: FORMAT_ORDER.filter((f) => formats.has(f)), href });
    } else if (node.tag === 'br') {
      out.push({ text: null, formats: [], href });
    } else if (node.tag === 'a') {
      // A link inside a link is not one; an anchor without an allowed href is plain text.
      pieces(node.children, formats, href ?? node.href ?? null, out);
    } else {
      pieces(node.children, RICH_TEXT_FORMATS.has(node.tag) ? new Set([...formats, node.tag]) : formats, href, out);
    }
  }
  return out;
}

const SPACE_END = /[ \t\n]$/;
const HAS_TEXT = /[^ \t\n]/;

/**
 * Collapses white space as the editor does when it loads HTML (Lexical's `$convertTextDOMNode`): runs
 * become one space, and a space at the start or end of a line, or after a space, goes. Without this a
 * body with a double space would change each time it passes through the editor. Linear: bodies can be long.
 */
function collapseSpaces(all: Piece[]): void {
  const raw = all.map((p) => p.text);
  // Whether some later text of the same line has more than white space.
  const textAhead: boolean[] = new Array(all.length);
  for (let k = all.length - 1, ahead = false; k >= 0; k--) {
    textAhead[k] = ahead;
    const t = raw[k];
    ahead = t === null ? false : ahead || HAS_TEXT.test(t);
  }
  let previous: string | undefined; // the line's last non-empty text so far, as written
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

/**
 * Running text in the editor's own shape: each piece of text wrapped in its formatting in one order,
 * neighbours with the same formatting and link joined, and each link around its pieces (neighbouring
 * links to the same address become one, as the editor would show them).
 */
function inlineContent(nodes: RichNode[]): RichNode[] {
  const all = pieces(nodes, new Set(), null);
  collapseSpaces(all);
  const kept: Piece[] = [];
  for (const p of all) {
    if (p.text === '') continue;
    const last = kept[kept.length - 1];
    if (last && p.text !== null && last.text !== null && last.href === p.href && last.formats.join() === p.formats.join()) last.text += p.text;
    else kept.push({ ...p });
  }
  const out: RichNode[] = [];
  let anchor: RichElement | null = null;
  for (const p of kept) {
    const node: RichNode = p.text === null ? BR : p.formats.reduceRight<RichNode>((inner, f) => ({ tag: f, children: [inner] }), p.text);
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

function serialize(nodes: RichNode[]): string {
  let html = '';
  for (const n of nodes) {
    if (typeof n === 'string') html += escapeText(n);
    else if (n.tag === 'br') html += '<br />';
    else if (n.tag === 'a') html += `<a href="${escapeAttr(n.href ?? '')}" rel="noopener noreferrer" target="_blank">${serialize(n.children)}</a>`;
    else html += `<${n.tag}>${serialize(n.children)}</${n.tag}>`;
  }
  return html;
}

/** True when the blocks show no text (only empty blocks). */
function isBlank(nodes: RichNode[]): boolean {
  return nodes.every((n) => (typeof n === 'string' ? n.trim() === '' : isBlank(n.children)));
}

/**
 * The canonical HTML of a body read into the tree (allowlist applied, tags renamed, links' hrefs judged
 * by safeHref); `blankAsEmpty` gives '' for a body without any text instead of its empty blocks.
 */
export function canonicalRichText(nodes: RichNode[], { blankAsEmpty = false } = {}): string {
  const blocks = topLevel(nodes);
  return blankAsEmpty && isBlank(blocks) ? '' : serialize(blocks);
}
