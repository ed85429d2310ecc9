// @vitest-environment jsdom
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { $createLinkNode, LinkNode } from '@lexical/link';
import { $createListItemNode, $createListNode, ListItemNode, ListNode } from '@lexical/list';
import { $createHeadingNode, HeadingNode } from '@lexical/rich-text';
import { $createLineBreakNode, $createParagraphNode, $createTextNode, $getRoot, $insertNodes, createEditor, type LexicalEditor, type TextFormatType } from 'lexical';
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../src/server/lib/sanitize-html.js';
import { XSS_PAYLOADS } from '../support/html.js';

/**
 * The stored body must survive the rich-text editor: load it into Lexical, export it again, clean it
 * again, and nothing may change. This runs the real Lexical import and export, with a class theme like
 * the client's so the export carries the classes and spans the sanitiser has to fold away.
 */
const THEME = {
  paragraph: 'rt-p',
  heading: { h2: 'rt-h2', h3: 'rt-h3', h4: 'rt-h4' },
  list: { ul: 'rt-ul', ol: 'rt-ol', listitem: 'rt-li', nested: { listitem: 'rt-nested' } },
  link: 'rt-link',
  text: { bold: 'rt-b', italic: 'rt-i', underline: 'rt-u', strikethrough: 'rt-s', underlineStrikethrough: 'rt-us' },
};

function editor(): LexicalEditor {
  return createEditor({
    nodes: [HeadingNode, ListNode, ListItemNode, LinkNode],
    theme: THEME,
    onError: (e) => {
      throw e;
    },
  });
}

function exportHtml(e: LexicalEditor): string {
  let html = '';
  e.getEditorState().read(() => {
    html = $generateHtmlFromNodes(e, null);
  });
  return html;
}

/** What the editor writes after loading `html`. */
function throughEditor(html: string): string {
  const e = editor();
  e.update(
    () => {
      const nodes = $generateNodesFromDOM(e, new DOMParser().parseFromString(html, 'text/html'));
      $getRoot().clear().select();
      $insertNodes(nodes);
    },
    { discrete: true },
  );
  return exportHtml(e);
}

function text(content: string, ...formats: TextFormatType[]) {
  const node = $createTextNode(content);
  for (const f of formats) node.toggleFormat(f);
  return node;
}

/** A body typed in the editor: every kind of block and formatting the toolbar offers. */
function typedBody(): string {
  const e = editor();
  e.update(
    () => {
      const root = $getRoot();
      root.append($createHeadingNode('h2').append(text('Payments')));
      root.append(
        $createParagraphNode().append(
          text('We pay '),
          text('once a month', 'bold'),
          text(', '),
          text('usually', 'italic'),
          text(' '),
          text('on time', 'underline'),
          text(' and '),
          text('never late', 'strikethrough'),
          text('; '),
          text('all at once', 'bold', 'italic', 'underline', 'strikethrough'),
          text('.'),
          $createLineBreakNode(),
          text('See '),
          $createLinkNode('https://remit.example/terms?lang=en&v=2').append(text('the '), text('terms', 'bold')),
          text(' or write to '),
          $createLinkNode('mailto:help@remit.example').append(text('help@remit.example')),
          text(' — 100 % & <fair>, "quoted", non\u00a0breaking.'),
        ),
      );
      root.append($createHeadingNode('h3').append(text('Documents')));
      const nested = $createListNode('number').append($createListItemNode().append(text('IBAN')), $createListItemNode().append(text('BIC', 'italic')));
      root.append(
        $createListNode('bullet').append(
          $createListItemNode().append(text('bank details')),
          $createListItemNode().append(nested),
          $createListItemNode().append(text('tax number', 'bold')),
        ),
      );
      root.append($createHeadingNode('h4').append(text('Contact')));
      root.append($createListNode('number').append($createListItemNode().append(text('first')), $createListItemNode().append(text('second'))));
      root.append($createParagraphNode());
    },
    { discrete: true },
  );
  return exportHtml(e);
}

describe('sanitised bodies in the Lexical editor', () => {
  it('a body typed in the editor is stored in the documented shape and survives further saves unchanged', () => {
    const exported = typedBody();
    expect(exported).toContain('class="rt-'); // the export really carries what the sanitiser folds away
    const stored = sanitizeHtml(exported);
    expect(stored).toBe(
      '<h2>Payments</h2>' +
        '<p>We pay <strong>once a month</strong>, <em>usually</em> <u>on time</u> and <s>never late</s>; <u><s><em><strong>all at once</strong></em></s></u>.<br />' +
        'See <a href="https://remit.example/terms?lang=en&amp;v=2" rel="noopener noreferrer" target="_blank">the <strong>terms</strong></a>' +
        ' or write to <a href="mailto:help@remit.example" rel="noopener noreferrer" target="_blank">help@remit.example</a>' +
        ' — 100 % &amp; &lt;fair&gt;, "quoted", non\u00a0breaking.</p>' +
        '<h3>Documents</h3><ul><li>bank details<ol><li>IBAN</li><li><em>BIC</em></li></ol></li><li><strong>tax number</strong></li></ul>' +
        '<h4>Contact</h4><ol><li>first</li><li>second</li></ol><p><br /></p>',
    );
    const second = sanitizeHtml(throughEditor(stored));
    expect(second).toBe(stored);
    expect(sanitizeHtml(throughEditor(second))).toBe(stored);
  });

  it.each([
    ['white space', '<p>  two   spaces </p><p> <strong> x </strong> y </p>'],
    ['line breaks', '<p>a<br><br></p><p><br><br></p><p>x<br>y<br></p>'],
    ['formatting in another order', '<p><strong><em>bold italic</em></strong> <a href="https://a.example"><b>link</b></a></p>'],
    ['foreign blocks', '<h1>big</h1><div>one</div><blockquote>two</blockquote><ol><li><p>para</p></li></ol>'],
    ['loose text', 'just text <i>and</i> more'],
    ...Object.entries(XSS_PAYLOADS),
  ])('any sanitised body survives the editor unchanged: %s', (_name, body) => {
    const stored = sanitizeHtml(body);
    expect(sanitizeHtml(throughEditor(stored))).toBe(stored);
  });
});
