import { useEffect, useRef, useState } from 'react';
import { cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { fieldStyles } from './styles';

export const COPY_TICK_MS = 1500;

export interface CopyButtonProps {
  value: string;
  /** Translated name of what is copied ('IBAN'); the button reads 'Copy IBAN'. */
  label?: string;
  className?: string;
}

/** Copies `value` to the clipboard and shows a tick for 1500 ms (spec 2.16); the result is announced. */
export function CopyButton({ value, label, className }: CopyButtonProps) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      return;
    }
    setCopied(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPY_TICK_MS);
  };
  return (
    <>
      <button
        type="button"
        className={cx(button({ variant: 'ghost', size: 'sm' }), fieldStyles.iconButton, className)}
        aria-label={label ? t('form.copy_named', { label }) : t('form.copy')}
        data-copied={copied ? '' : undefined}
        onClick={() => void copy()}
      >
        {/* Drawn, not a font glyph: '⧉' is missing from many system fonts. */}
        <svg aria-hidden="true" width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          {copied ? <path d="M3 8.5l3.2 3L13 4.5" /> : <><rect x="5.5" y="5.5" width="8" height="8" rx="1.5" /><path d="M10.5 3.5v-.5A1.5 1.5 0 0 0 9 1.5H4A1.5 1.5 0 0 0 2.5 3v5A1.5 1.5 0 0 0 4 9.5h.5" /></>}
        </svg>
      </button>
      <span className="sr-only" role="status">
        {copied ? t('form.copied') : ''}
      </span>
    </>
  );
}
