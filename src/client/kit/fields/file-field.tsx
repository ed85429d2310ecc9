import { useRef } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { downloadFile } from '../../lib/download';
import { useT } from '../../lib/i18n';
import { useFieldBinding, type FieldProps } from './binding';
import { Field } from './field';
import { FileSize } from './file-size';
import { fieldStyles } from './styles';

export interface FileFieldProps extends FieldProps<File | null> {
  /** Accepted types, as for `<input accept>`: mime types (`image/*`, `application/pdf`) and extensions (`.csv`). */
  accept?: string;
  /** Largest size in bytes; a bigger file is refused with `too_large`. */
  maxSize?: number;
  /** The file already stored (a logo's `logo_url`), linked when no new file is chosen. */
  currentUrl?: string | null;
  currentName?: string;
  /**
   * Several files at once (a payout's report files): each choice is handed to `onFiles` and the input
   * cleared, the caller keeps the list; the field itself holds no value then.
   */
  multiple?: boolean;
  onFiles?(files: File[]): void;
}

/** Whether `file` matches an `accept` list. */
export function accepts(file: File, accept?: string): boolean {
  if (!accept) return true;
  const name = file.name.toLowerCase();
  const type = file.type.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) => (a.startsWith('.') ? name.endsWith(a) : a.endsWith('/*') ? type.startsWith(a.slice(0, -1)) : type === a));
}

const fileInput = css({ fontSize: 'sm', maxW: '100%', '&::file-selector-button': { mr: '2', h: '26px', px: '2', borderRadius: 'md', borderWidth: '1px', borderColor: 'border.strong', bg: 'bg.surface', color: 'fg', cursor: 'pointer' } });

/**
 * One file to upload: the browser's file input (keyboard and drop), checked against the accepted
 * types (`invalid`) and a maximum size (`too_large`); shows the chosen file's name and size with a
 * button to clear it. The value is the File (or null); the payload builder puts it in the multipart body.
 */
export function FileField({ accept, maxSize, currentUrl, currentName, multiple, onFiles, ...props }: FileFieldProps) {
  const t = useT();
  const b = useFieldBinding<File | null>(props, null);
  const ref = useRef<HTMLInputElement>(null);
  const file = b.value instanceof File ? b.value : null;
  const choose = (chosen: File | null) => {
    if (!chosen) return;
    if (!accepts(chosen, accept)) b.setLocalError('invalid');
    else if (maxSize !== undefined && chosen.size > maxSize) b.setLocalError('too_large');
    else {
      b.setLocalError(null);
      b.setValue(chosen);
      b.touch();
      return;
    }
    b.touch();
    if (ref.current) ref.current.value = '';
  };
  const clear = () => {
    b.setValue(null);
    b.setLocalError(null);
    if (ref.current) ref.current.value = '';
    ref.current?.focus();
  };
  return (
    <Field binding={b} className={props.className}>
      {(aria) => (
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <input {...aria} ref={ref} type="file" name={b.name || undefined} accept={accept} className={fileInput} disabled={b.disabled || b.readOnly} autoFocus={props.autoFocus} multiple={multiple} onChange={(e) => {
              if (multiple) {
                onFiles?.([...(e.target.files ?? [])]);
                e.target.value = '';
              } else choose(e.target.files?.[0] ?? null);
            }} />
          {file ? (
            <div className={fieldStyles.row}>
              <span>{file.name}</span>
              <span className={fieldStyles.adornment}>
                (<FileSize bytes={file.size} />)
              </span>
              <button type="button" className={button({ variant: 'ghost', size: 'sm' })} onClick={clear} aria-label={t('form.file.clear', { name: file.name })}>
                ✕
              </button>
            </div>
          ) : (
            currentUrl && (
              // The API wants its bearer header, which a plain link does not send: fetched, then saved.
              <a
                href={currentUrl}
                onClick={(e) => {
                  e.preventDefault();
                  void downloadFile(currentUrl, currentName ?? currentUrl.split('/').pop() ?? 'document');
                }}
                className={css({ color: 'accent', fontSize: 'sm', display: 'inline-flex', alignItems: 'center', minH: '24px' /* WCAG 2.2 target size */ })}
              >
                {t('form.file.current', { name: currentName ?? currentUrl.split('/').pop() ?? '' })}
              </a>
            )
          )}
        </div>
      )}
    </Field>
  );
}
