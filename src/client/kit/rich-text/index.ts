/** The kit's rich-text editor (spec 1, 2.14): Lexical with a keyboard toolbar, HTML in, canonical HTML out. */
export { RichTextEditor, type RichTextEditorProps } from './rich-text-editor';
export { RichTextField, type RichTextFieldProps } from './rich-text-field';
export { normalizeRichText } from './normalize';
export { checkLinkUrl, withDefaultProtocol } from './link-url';
