import { css } from 'styled-system/css';
import { DeferredButton, deferred } from '../kit/deferred';
import { useT } from '../lib/i18n';
import type { SessionUser } from '../session';

// The menu and its tooltip (react-aria) load at the first key or pointer press, on hover or focus.
const userMenu = deferred(() => import('./user-menu'));

// The avatar's look, shared with the real button in `user-menu.tsx`.
export const avatar = css({ w: '28px', h: '28px', borderRadius: '50%', bg: 'accent', color: 'fg.onAccent', fontWeight: '600', cursor: 'pointer', display: 'grid', placeItems: 'center' });

export const initial = (user: SessionUser) => (user.first_name || user.email).charAt(0).toUpperCase();

/** The avatar button and the user menu it opens. */
export function UserButton({ user, onAction }: { user: SessionUser; onAction: (id: string) => void }) {
  const t = useT();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    <DeferredButton
      module={userMenu}
      placeholder={(activate) => (
        <button type="button" aria-label={t('shell.user_menu', { name: fullName })} aria-haspopup="menu" aria-expanded="false" className={avatar} onClick={activate}>
          <span aria-hidden="true">{initial(user)}</span>
        </button>
      )}
    >
      {(m) => <m.UserMenu user={user} onAction={onAction} />}
    </DeferredButton>
  );
}
