import { LinkNode } from '@lexical/link';
import { ListNode } from '@lexical/list';
import { $createHeadingNode, HeadingNode } from '@lexical/rich-text';
import { mergeRegister } from '@lexical/utils';
import { $createTextNode, IS_BOLD, IS_ITALIC, IS_STRIKETHROUGH, IS_UNDERLINE, ParagraphNode, TabNode, TextNode, type ElementNode, type LexicalEditor } from 'lexical';
import { safeHref } from './normalize';

const ALLOWED_FORMATS = IS_BOLD | IS_ITALIC | IS_UNDERLINE | IS_STRIKETHROUGH;

function $plainBlock(node: ElementNode): void {
  if (node.getFormatType() !== '') node.setFormat('');
  if (node.getIndent() !== 0) node.setIndent(0);
}

/**
 * Keeps the editor's content to what a body may hold (spec 1, 2.14), whatever arrives by paste, drop or
 * import: only bold, italic, underline and strike; no inline styles, alignment or indents; headings 2 to 4
 * (1 becomes 2, 5 and 6 become 4); bullet and numbered lists starting at 1; links only to addresses the
 * server keeps; tabs as spaces. So what the editor shows is what is saved.
 */
export function registerRestrictions(editor: LexicalEditor): () => void {
  return mergeRegister(
    editor.registerNodeTransform(TextNode, (node) => {
      const format = node.getFormat() & ALLOWED_FORMATS;
      if (format !== node.getFormat()) node.setFormat(format);
      if (node.getStyle() !== '') node.setStyle('');
    }),
    editor.registerNodeTransform(TabNode, (node) => {
      node.replace($createTextNode(' ').setFormat(node.getFormat() & ALLOWED_FORMATS));
    }),
    editor.registerNodeTransform(ParagraphNode, $plainBlock),
    editor.registerNodeTransform(HeadingNode, (node) => {
      $plainBlock(node);
      const tag = node.getTag();
      const allowed = tag === 'h1' ? 'h2' : tag === 'h5' || tag === 'h6' ? 'h4' : tag;
      if (allowed !== tag) node.replace($createHeadingNode(allowed), true);
    }),
    editor.registerNodeTransform(ListNode, (node) => {
      if (node.getListType() === 'check') node.setListType('bullet');
      if (node.getStart() !== 1) node.setStart(1);
    }),
    editor.registerNodeTransform(LinkNode, (node) => {
      if (safeHref(node.getURL()) !== undefined) return;
      for (const child of node.getChildren()) node.insertBefore(child);
      node.remove();
    }),
  );
}
