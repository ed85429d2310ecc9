import { $createLinkNode, $isLinkNode, $toggleLink, type LinkNode } from '@lexical/link';
import { $insertList, $isListNode, $removeList, ListNode } from '@lexical/list';
import { $createHeadingNode, $isHeadingNode } from '@lexical/rich-text';
import { $setBlocksType } from '@lexical/selection';
import { $getNearestNodeOfType } from '@lexical/utils';
import {
  $addUpdateTag,
  $createParagraphNode,
  $createTextNode,
  $findMatchingParent,
  $getRoot,
  $getSelection,
  $isRangeSelection,
  $setSelection,
  FORMAT_TEXT_COMMAND,
  SKIP_DOM_SELECTION_TAG,
  type BaseSelection,
  type LexicalEditor,
  type LexicalNode,
  type RangeSelection,
} from 'lexical';

/** What the toolbar offers; everything else is removed from the editor (see restrict.ts). */
export const TEXT_FORMATS = ['bold', 'italic', 'underline', 'strikethrough'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
export const BLOCK_TYPES = ['paragraph', 'h2', 'h3', 'h4'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];
export type ListType = 'bullet' | 'number';

/** The formatting at the selection, as the toolbar shows it (aria-pressed, the block select). */
export interface SelectionFormat {
  formats: Record<TextFormat, boolean>;
  block: BlockType;
  list: ListType | null;
  link: boolean;
}

export const NO_FORMAT: SelectionFormat = {
  formats: { bold: false, italic: false, underline: false, strikethrough: false },
  block: 'paragraph',
  list: null,
  link: false,
};

export function sameFormat(a: SelectionFormat, b: SelectionFormat): boolean {
  return a.block === b.block && a.list === b.list && a.link === b.link && TEXT_FORMATS.every((f) => a.formats[f] === b.formats[f]);
}

/** The link around a point of the selection, if any. */
export function $linkAt(node: LexicalNode): LinkNode | null {
  return $findMatchingParent(node, $isLinkNode) as LinkNode | null;
}

export function $selectedLink(selection: BaseSelection | null = $getSelection()): LinkNode | null {
  if (!$isRangeSelection(selection)) return null;
  return $linkAt(selection.anchor.getNode()) ?? $linkAt(selection.focus.getNode());
}

/** Reads the selection's formatting; call inside `editor.read`. */
export function $readSelectionFormat(): SelectionFormat {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return NO_FORMAT;
  const anchor = selection.anchor.getNode();
  const top = anchor.getKey() === 'root' ? null : anchor.getTopLevelElement();
  const list = $getNearestNodeOfType(anchor, ListNode);
  const listType = $isListNode(list) ? list.getListType() : null;
  return {
    formats: {
      bold: selection.hasFormat('bold'),
      italic: selection.hasFormat('italic'),
      underline: selection.hasFormat('underline'),
      strikethrough: selection.hasFormat('strikethrough'),
    },
    block: $isHeadingNode(top) && (BLOCK_TYPES as readonly string[]).includes(top.getTag()) ? (top.getTag() as BlockType) : 'paragraph',
    list: listType === 'bullet' || listType === 'number' ? listType : null,
    link: $selectedLink(selection) !== null,
  };
}

function focusedIn(editor: LexicalEditor): boolean {
  const root = editor.getRootElement();
  return root !== null && root.contains(root.ownerDocument.activeElement);
}

/** Puts the focus into the text with the editor's selection (Lexical's focus() only writes the DOM selection). */
export function focusText(editor: LexicalEditor): void {
  editor.getRootElement()?.focus({ preventScroll: true });
  editor.focus();
}

/**
 * Runs a toolbar action on the editor's selection. Used from the toolbar, the focus is usually outside
 * the editor: the DOM selection is then left alone (writing it would pull the focus into the editor);
 * it is restored from the editor's state when the focus goes back (Escape, `editor.focus()`).
 * Without any selection yet (the editor never had the focus), the action applies at the end.
 */
export function runOnSelection(editor: LexicalEditor, action: (selection: RangeSelection) => void, restore?: BaseSelection | null): void {
  const outside = !focusedIn(editor);
  editor.update(() => {
    if (outside) $addUpdateTag(SKIP_DOM_SELECTION_TAG);
    if (restore) $setSelection(restore.clone());
    let selection = $getSelection();
    if (!$isRangeSelection(selection)) {
      $getRoot().selectEnd();
      selection = $getSelection();
    }
    if ($isRangeSelection(selection)) action(selection);
  }, { discrete: true });
}

export function toggleFormat(editor: LexicalEditor, format: TextFormat): void {
  runOnSelection(editor, () => {
    editor.dispatchCommand(FORMAT_TEXT_COMMAND, format);
  });
}

export function setBlockType(editor: LexicalEditor, block: BlockType): void {
  runOnSelection(editor, (selection) => {
    $setBlocksType(selection, () => (block === 'paragraph' ? $createParagraphNode() : $createHeadingNode(block)));
  });
}

/** A list button: makes the blocks a list of that type, or plain paragraphs again when they are one. */
export function toggleList(editor: LexicalEditor, type: ListType, current: ListType | null): void {
  runOnSelection(editor, () => {
    if (current === type) $removeList();
    else $insertList(type);
  });
}

/**
 * Sets the link of the selection (saved when the dialog opened): a caret in a link changes that link;
 * a caret elsewhere inserts the address as linked text; a range becomes the link.
 */
export function applyLink(editor: LexicalEditor, url: string, saved: BaseSelection | null): void {
  runOnSelection(
    editor,
    (selection) => {
      const existing = $selectedLink(selection);
      if (selection.isCollapsed()) {
        if (existing) existing.setURL(url);
        else {
          const link = $createLinkNode(url).append($createTextNode(url));
          selection.insertNodes([link]);
          link.selectEnd();
        }
      } else {
        $toggleLink(url);
      }
    },
    saved,
  );
}

/** Removes the link at the caret, or every link in the selected range; the text stays. */
export function removeLink(editor: LexicalEditor, saved: BaseSelection | null): void {
  runOnSelection(
    editor,
    (selection) => {
      const existing = $selectedLink(selection);
      if (selection.isCollapsed() && existing) {
        for (const child of existing.getChildren()) existing.insertBefore(child);
        existing.remove();
      } else {
        $toggleLink(null);
      }
    },
    saved,
  );
}
