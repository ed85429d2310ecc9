import { COMMAND_PRIORITY_HIGH, KEY_DOWN_COMMAND, type LexicalEditor } from 'lexical';
import { toggleFormat } from './commands';

export interface EditorKeys {
  /** Alt+F10: to the toolbar. */
  toToolbar(): void;
  /** Ctrl/Cmd+K: the link dialog. */
  openLink(): void;
}

/**
 * The editor's own keys on top of Lexical's (Ctrl/Cmd+B, I, U, Z, Y): Alt+F10 moves to the toolbar,
 * Ctrl/Cmd+K opens the link dialog, Ctrl/Cmd+Shift+X toggles strike; Ctrl/Cmd+Enter is left to the
 * surrounding form (save and continue) instead of adding a paragraph. They are handled (and their
 * default prevented) before the shell's hotkey dispatcher sees them; the editor frame is also a focus
 * owner, so Ctrl+K here never opens the command palette.
 */
export function registerEditorKeys(editor: LexicalEditor, keys: EditorKeys): () => void {
  return editor.registerCommand(
    KEY_DOWN_COMMAND,
    (event) => {
      const key = event.key.toLowerCase();
      const mod = (event.ctrlKey || event.metaKey) && !event.altKey;
      // Ctrl/Cmd+Enter is the form's 'Save and continue' (and Ctrl/Cmd+S its 'Save'): no new paragraph here.
      // Its default must be prevented too: Chromium would otherwise insert the paragraph natively (beforeinput).
      if (mod && key === 'enter') {
        event.preventDefault();
        return true;
      }
      let action: (() => void) | null = null;
      if (key === 'f10' && event.altKey && !event.ctrlKey && !event.metaKey) action = keys.toToolbar;
      else if (mod && !event.shiftKey && key === 'k') action = keys.openLink;
      else if (mod && event.shiftKey && key === 'x') action = () => toggleFormat(editor, 'strikethrough');
      if (!action) return false;
      event.preventDefault();
      action();
      return true;
    },
    COMMAND_PRIORITY_HIGH,
  );
}
