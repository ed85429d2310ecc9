import { expect } from 'vitest';

const PLAIN_TAG = /^<\/?(h2|h3|h4|p|strong|em|u|s|ul|ol|li|a)>$|^<br \/>$/;
const LINK_TAG = /^<a href="([^"<>]*)" rel="noopener noreferrer" target="_blank">$/;

/**
 * Fails unless `html` holds only the sanitiser's allowlist: the editor's tags without attributes, links
 * with an absolute http, https or mailto href, and text in which every `<` is escaped.
 */
export function expectOnlyAllowedMarkup(html: string): void {
  const tags = html.match(/<[^>]*>/g) ?? [];
  for (const tag of tags) {
    const link = LINK_TAG.exec(tag);
    if (link) {
      const href = link[1].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
      expect(['http:', 'https:', 'mailto:'], `link ${tag}`).toContain(new URL(href).protocol);
    } else {
      expect(tag, `tag in ${html}`).toMatch(PLAIN_TAG);
    }
  }
  expect(html.replace(/<[^>]*>/g, ''), 'text outside tags').not.toMatch(/[<>]/);
}

/** Payloads that must lose everything executable; the name says what each tries. */
export const XSS_PAYLOADS: Record<string, string> = {
  'script tag': '<script>alert(1)</script>',
  'script with src': '<script src="https://evil.example/x.js"></script>',
  'upper-case script': '<SCRIPT>alert(1)</SCRIPT>',
  'split script tag': '<scr<script>ipt>alert(1)</scr</script>ipt>',
  'unclosed script': '<script>alert(1)',
  'img onerror': '<img src=x onerror=alert(1)>',
  'event handler on allowed tag': '<p onclick="alert(1)" onmouseover="alert(2)">hover</p>',
  'event handler on link': '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  'javascript link': '<a href="javascript:alert(1)">x</a>',
  'mixed-case javascript link': '<a href="JaVaScRiPt:alert(1)">x</a>',
  'entity-encoded javascript link': '<a href="&#106;avascript:alert(1)">x</a>',
  'hex-entity javascript link': '<a href="&#x6A;&#x61;&#x76;&#x61;&#x73;&#x63;&#x72;&#x69;&#x70;&#x74;&#x3A;alert(1)">x</a>',
  'javascript link with tab': '<a href="java\tscript:alert(1)">x</a>',
  'javascript link with entity tab': '<a href="java&#9;script:alert(1)">x</a>',
  'javascript link with leading space': '<a href=" javascript:alert(1)">x</a>',
  'vbscript link': '<a href="vbscript:msgbox(1)">x</a>',
  'data link': '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  'protocol-relative link': '<a href="//evil.example/">x</a>',
  'relative link': '<a href="/admin">x</a>',
  'svg onload': '<svg onload=alert(1)><circle r="1"/></svg>',
  'svg with script': '<svg><script>alert(1)</script></svg>',
  iframe: '<iframe src="https://evil.example"></iframe>',
  'iframe srcdoc': '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  object: '<object data="https://evil.example/x.swf"></object>',
  embed: '<embed src="https://evil.example/x.swf">',
  'style tag': '<style>body{background:url("javascript:alert(1)")}</style>',
  'style attribute': '<p style="background:url(javascript:alert(1))">x</p>',
  'link tag': '<link rel="stylesheet" href="https://evil.example/x.css">',
  'meta refresh': '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  'base tag': '<base href="https://evil.example/">',
  form: '<form action="https://evil.example"><input name="x"><button>go</button></form>',
  'math mXSS': '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  'noscript mXSS': '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  'template': '<template><img src=x onerror=alert(1)></template>',
  'textarea breakout': '<textarea></textarea><img src=x onerror=alert(1)></textarea>',
  'comment breakout': '<!--<img src="--><img src=x onerror=alert(1)//">',
  'cdata': '<![CDATA[<script>alert(1)</script>]]>',
  'unclosed attribute': '<p title="x><script>alert(1)</script>',
  'unclosed tags': '<p><strong><em>open <a href="https://ok.example">link',
  'attribute without quotes': '<a href=javascript:alert(1)>x</a>',
  'double-encoded entity': '<a href="&amp;#106;avascript:alert(1)">x</a>',
  'class and id': '<p class="x" id="y" dir="rtl" data-x="1">x</p>',
};
