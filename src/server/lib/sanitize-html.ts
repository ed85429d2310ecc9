import sanitize from 'sanitize-html';

/**
 * Rich-text bodies (portal FAQs and pages) are stored as HTML that holds exactly what the editor can
 * make (spec 1, 2.14): headings 2-4, paragraphs, bold, italic, underline, strike, bullet and numbered
 * lists, links and line breaks. Everything else is removed; the text of removed formatting stays.
 *
 * The result has one canonical shape, so a body the editor made survives a second save unchanged and
 * `sanitizeHtml(sanitizeHtml(x)) === sanitizeHtml(x)`:
 * - tags `h2 h3 h4 p ul ol li strong em u s a br`, no attributes except on links, which are exactly
 *   `<a href="..." rel="noopener noreferrer" target="_blank">` with an absolute http, https or mailto href;
 * - Lexical's export (`<b><strong class>`, `<i><em>`, `<span style>`, `<li value>`) folded into those tags;
 * - the top level holds only blocks (`p h2 h3 h4 ul ol`); loose text and inline markup go into a `<p>`;
 *   a list holds only `li`; blocks inside paragraphs, headings or formatting are unwrapped;
 * - formatting nested in the same formatting, links without an href and empty formatting are unwrapped;
 * - white space collapsed and trailing `<br>`s dropped as the editor does when it loads HTML, and an
 *   empty paragraph, heading or list item holds `<br />`, as the editor writes it.
 */

const BLOCKS = new Set(['p', 'h2', 'h3', 'h4']);
const LISTS = new Set(['ul', 'ol']);
const INLINE = new Set(['strong', 'em', 'u', 's', 'a']);
// Blocks the editor cannot make: kept through sanitize-html only to separate paragraphs, then unwrapped.
const CONTAINERS = ['div', 'blockquote', 'pre', 'section', 'article', 'header', 'footer', 'main', 'aside', 'nav', 'figure', 'address', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'dl', 'dt', 'dd'];
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** An absolute http, https or mailto URL as written, judged by the same URL parser browsers use. */
function safeHref(raw: string | undefined): string | undefined {
  const href = raw?.trim();
  if (!href) return undefined;
  try {
    return LINK_PROTOCOLS.has(new URL(href).protocol) ? href : undefined;
  } catch {
    return undefined;
  }
}

const OPTIONS: sanitize.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'br', ...CONTAINERS],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Elements whose content is code, styling, embedded documents or form values: dropped with their content.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'select', 'noscript', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math', 'template', 'title', 'head', 'xmp', 'noembed', 'noframes', 'plaintext'],
  // Bounds the tree (and the recursion below); deeper tags are dropped, their text kept.
  nestingLimit: 20,
  enforceHtmlBoundary: false,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true },
  transformTags: {
    b: 'strong',
    i: 'em',
    strike: 's',
    del: 's',
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // Attributes in a fixed order, so serialising again gives the same text.
    a: (_tag, attribs): sanitize.Tag => {
      const href = safeHref(attribs.href);
      return { tagName: 'a', attribs: href ? { href, rel: 'noopener noreferrer', target: '_blank' } : {} };
    },
  },
};

interface Element {
  tag: string;
  /** The opening tag exactly as sanitize-html wrote it (attributes escaped). */
  open: string;
  children: Node[];
}
type Node = Element | string;

// sanitize-html's output escapes `<` and `>` in text and attribute values, so every `<...>` is a tag.
const TAG = /<(\/?)([a-z0-9]+)[^>]*>/g;

function parse(html: string): Node[] {
  const root: Element = { tag: '', open: '', children: [] };
  const stack = [root];
  let last = 0;
  for (const m of html.matchAll(TAG)) {
    const top = stack[stack.length - 1];
    if (m.index > last) top.children.push(html.slice(last, m.index));
    last = m.index + m[0].length;
    const [token, closing, tag] = m;
    if (closing) {
      if (stack.length > 1 && top.tag === tag) stack.pop();
    } else if (tag === 'br') {
      top.children.push({ tag, open: token, children: [] });
    } else {
      const el: Element = { tag, open: token, children: [] };
      top.children.push(el);
      stack.push(el);
    }
  }
  if (last < html.length) stack[stack.length - 1].children.push(html.slice(last));
  return root.children;
}

function serialize(nodes: Node[]): string {
  return nodes.map((n) => (typeof n === 'string' ? n : n.tag === 'br' ? n.open : `${n.open}${serialize(n.children)}</${n.tag}>`)).join('');
}

const BR: Element = { tag: 'br', open: '<br />', children: [] };
const isBr = (n: Node | undefined) => typeof n !== 'string' && n?.tag === 'br';
const isList = (n: Node) => typeof n !== 'string' && LISTS.has(n.tag);

/**
 * The top level: paragraphs, headings and lists stay; loose text and inline markup between them become
 * paragraphs (runs of only white space go); a stray list item or other container gives up its wrapper
 * but still separates paragraphs.
 */
function topLevel(nodes: Node[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    const inline = inlineContent(run);
    if (inline.length > 0) out.push({ tag: 'p', open: '<p>', children: block(inline) });
    run = [];
  };
  const visit = (node: Node) => {
    if (typeof node !== 'string' && BLOCKS.has(node.tag)) {
      flush();
      out.push({ ...node, children: block(inlineContent(node.children)) });
    } else if (isList(node)) {
      flush();
      out.push(list(node as Element));
    } else if (typeof node !== 'string' && (node.tag === 'li' || CONTAINERS.includes(node.tag))) {
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
function list(node: Element): Element {
  const items: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    const content = itemContent(run);
    if (content.length > 0) items.push({ tag: 'li', open: '<li>', children: block(content) });
    run = [];
  };
  for (const child of node.children) {
    if (typeof child !== 'string' && child.tag === 'li') {
      flush();
      items.push({ ...child, children: block(itemContent(child.children)) });
    } else {
      run.push(child);
    }
  }
  flush();
  return { ...node, children: items };
}

/** A list item: running text, with nested lists where the item has them. */
function itemContent(nodes: Node[]): Node[] {
  const out: Node[] = [];
  let run: Node[] = [];
  const flush = () => {
    out.push(...inlineContent(run));
    run = [];
  };
  for (const node of nodes) {
    if (isList(node)) {
      flush();
      out.push(list(node as Element));
    } else {
      run.push(node);
    }
  }
  flush();
  return out;
}

/** Trailing line breaks go (the editor ignores them when loading); an empty block holds one. */
function block(children: Node[]): Node[] {
  while (children.length > 1 && isBr(children[children.length - 1])) children.pop();
  return children.length > 0 ? children : [BR];
}

/** One piece of running text with its formatting and link, or a line break. */
interface Piece {
  text: string | null;
  formats: string[];
  link: Element | null;
}

const FORMAT_ORDER = ['u', 's', 'em', 'strong'];

/** The pieces of running text in document order; blocks and lists inside it are unwrapped. */
function pieces(nodes: Node[], formats: ReadonlySet<string>, link: Element | null, out: Piece[] = []): Piece[] {
  for (const node of nodes) {
    if (typeof node === 'string') {
      // A browser reads CR LF and CR as LF; so must the white-space rules below.
      out.push({ text: node.replace(/\r\n?/g, '\n'), formats: FORMAT_ORDER.filter((f) => formats.has(f)), link });
    } else if (node.tag === 'br') {
      out.push({ text: null, formats: [], link });
    } else if (node.tag === 'a') {
      // A link inside a link is not one; an anchor without an (allowed) href is plain text.
      pieces(node.children, formats, link ?? (node.open.includes(' href="') ? node : null), out);
    } else {
      pieces(node.children, INLINE.has(node.tag) ? new Set([...formats, node.tag]) : formats, link, out);
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
 * Running text in the editor's own shape: each piece of text wrapped in its formatting in one order
 * (`u`, `s`, `em`, `strong`, outermost first, as Lexical writes them), neighbours with the same
 * formatting and link joined, and each link around its pieces.
 */
function inlineContent(nodes: Node[]): Node[] {
  const all = pieces(nodes, new Set(), null);
  collapseSpaces(all);
  const kept: Piece[] = [];
  for (const p of all) {
    if (p.text === '') continue;
    const last = kept[kept.length - 1];
    if (last && p.text !== null && last.text !== null && last.link === p.link && last.formats.join() === p.formats.join()) {
      last.text += p.text;
    } else {
      kept.push({ ...p });
    }
  }
  const out: Node[] = [];
  let anchor: Element | null = null;
  for (const p of kept) {
    const node = p.text === null ? BR : p.formats.reduceRight<Node>((inner, f) => ({ tag: f, open: `<${f}>`, children: [inner] }), p.text);
    if (p.link === null) {
      anchor = null;
      out.push(node);
    } else {
      // Neighbouring links to the same address become one, as the editor would show them.
      if (anchor === null || anchor.open !== p.link.open) {
        anchor = { tag: 'a', open: p.link.open, children: [] };
        out.push(anchor);
      }
      anchor.children.push(node);
    }
  }
  return out;
}

/** The allowlisted, canonical form of a rich-text body. */
export function sanitizeHtml(dirty: string): string {
  return serialize(topLevel(parse(sanitize(dirty, OPTIONS))));
}
