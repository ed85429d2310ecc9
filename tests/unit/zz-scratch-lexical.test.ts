// @vitest-environment jsdom
import { it } from 'vitest';
import { createEditor, $getRoot, $createParagraphNode, $createTextNode, ParagraphNode, TextNode } from 'lexical';
import { HeadingNode, QuoteNode, $createHeadingNode } from '@lexical/rich-text';
import { ListNode, ListItemNode, $createListNode, $createListItemNode } from '@lexical/list';
import { LinkNode, $createLinkNode } from '@lexical/link';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';

it('gen', () => {
  const editor = createEditor({ nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode], onError: (e) => { throw e; },
    theme: { text: { bold: 'b-cls', italic: 'i-cls', underline: 'u-cls', strikethrough: 's-cls', underlineStrikethrough: 'us-cls' }, paragraph: 'p-cls', heading: { h2: 'h2-cls' }, list: { ul: 'ul-cls', ol: 'ol-cls', listitem: 'li-cls' }, link: 'a-cls' } });
  editor.update(() => {
    const root = $getRoot();
    const h = $createHeadingNode('h2'); h.append($createTextNode('Title')); root.append(h);
    const p = $createParagraphNode();
    p.append($createTextNode('plain '));
    const b = $createTextNode('bold'); b.toggleFormat('bold'); p.append(b);
    const i = $createTextNode(' italic'); i.toggleFormat('italic'); p.append(i);
    const u = $createTextNode(' under'); u.toggleFormat('underline'); p.append(u);
    const s = $createTextNode(' strike'); s.toggleFormat('strikethrough'); p.append(s);
    const us = $createTextNode(' both'); us.toggleFormat('underline'); us.toggleFormat('strikethrough'); us.toggleFormat('bold'); p.append(us);
    const l = $createLinkNode('https://example.com/a?b=1&c=2'); l.append($createTextNode('link')); p.append(l);
    root.append(p);
    const ul = $createListNode('bullet'); const li = $createListItemNode(); li.append($createTextNode('one')); ul.append(li);
    const li2 = $createListItemNode(); li2.append($createTextNode('two')); ul.append(li2); root.append(ul);
    const ol = $createListNode('number'); const li3 = $createListItemNode(); li3.append($createTextNode('first')); ol.append(li3); root.append(ol);
    root.append($createParagraphNode());
  }, { discrete: true });
  let html = '';
  editor.getEditorState().read(() => { html = $generateHtmlFromNodes(editor, null); });
  console.log(html);
});
