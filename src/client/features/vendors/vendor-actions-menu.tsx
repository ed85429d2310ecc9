import { useRef, useState } from 'react';
import { button } from 'styled-system/recipes';
import { RowMenu } from '../../kit/grid/row-menu';
import { useT } from '../../lib/i18n';
import type { Vendor } from './vendor';

/** The details page's actions menu: the vendor's row commands (edit, delete, activate, list contracts, ...). */
export function VendorActionsMenu({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const ref = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const label = t('vendors.actions_for', { name: vendor.name });
  return (
    <>
      <button ref={ref} type="button" className={button({ variant: 'secondary' })} aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(true)}>
        {t('vendors.actions')} ▾
      </button>
      {open && (
        <RowMenu
          selection={{ resource: 'vendors', ids: [vendor.id], rows: [vendor] }}
          anchor={ref}
          label={label}
          onClose={() => {
            setOpen(false);
            ref.current?.focus();
          }}
        />
      )}
    </>
  );
}
