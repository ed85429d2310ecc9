import { useRef, useState } from 'react';
import { button } from 'styled-system/recipes';
import { useT } from '../lib/i18n';
import { RowMenu } from './grid/row-menu';

export interface RecordActionsMenuProps {
  resource: string;
  record: { id: number | string };
  /** Translated name of the menu ("Actions for …"). */
  label: string;
  /** The button's text (default "Actions"). */
  title?: string;
  /** Only these row commands, in this order (default: every row command of the resource). */
  only?: readonly string[];
}

/** A details page's actions menu: the record's row commands (edit, delete, transitions, ...) behind one button. */
export function RecordActionsMenu({ resource, record, label, title, only }: RecordActionsMenuProps) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  return (
    <>
      <button ref={ref} type="button" className={button({ variant: 'secondary' })} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(true)}>
        {title ?? t('grid.actions')} ▾
      </button>
      {open && (
        <RowMenu
          selection={{ resource, ids: [record.id], rows: [record] }}
          anchor={ref}
          label={label}
          only={only}
          onClose={() => {
            setOpen(false);
            ref.current?.focus();
          }}
        />
      )}
    </>
  );
}
