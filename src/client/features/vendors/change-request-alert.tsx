import { useId, useState } from 'react';
import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { CommandButton, DateText, Timestamp } from '../../kit/grid';
import { useT } from '../../lib/i18n';
import { ChangeDiffTable } from './change-diff-table';
import type { Vendor } from './vendor';

const alert = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'warning', bg: 'warning.bg', color: 'fg', borderRadius: 'md' });
const bar = css({ display: 'flex', gap: '2', flexWrap: 'wrap', alignItems: 'center' });

/**
 * A pending change request (spec 2, 2): what it is, the changes as a readable diff on demand, cancel
 * (after a confirmation) and, for admins, confirm. A change confirmed for a later day says when it
 * applies and can only be cancelled. `vendor` must be the page's entity so the commands act on it.
 */
export function ChangeRequestAlert({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const diffId = useId();
  const request = vendor.change_request_changes;
  if (!vendor.readonly || !request) return null;
  const scheduled = request.agreement_status === 'confirmed';
  const title = t(scheduled ? 'vendors.change_request.scheduled_title' : 'vendors.change_request.title');
  return (
    <section className={alert} aria-label={title}>
      <strong>{title}</strong>
      <p className={css({ m: 0 })}>
        {t('vendors.change_request.pending_since')} <Timestamp value={request.created_at} />
        {request.valid_from ? (
          <>
            {' · '}
            {t(scheduled ? 'vendors.change_request.applies_on' : 'vendors.fields.valid_from')}: <DateText value={request.valid_from} />
          </>
        ) : null}
      </p>
      {scheduled && <p className={css({ m: 0 })}>{t('vendors.change_request.scheduled_info')}</p>}
      <div className={bar}>
        <button type="button" className={button({ variant: 'secondary' })} aria-expanded={open} aria-controls={diffId} onClick={() => setOpen((o) => !o)}>
          {t(open ? 'vendors.change_request.hide_changes' : 'vendors.change_request.view_changes')}
        </button>
        <CommandButton command="vendors.cancel_change_request" variant="danger" />
        {!scheduled && <CommandButton command="vendors.confirm_change_request" variant="primary" />}
      </div>
      <div id={diffId} hidden={!open}>
        {open && <ChangeDiffTable changes={request.changes} label="vendors.change_request.changes" />}
      </div>
    </section>
  );
}
