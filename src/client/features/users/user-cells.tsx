import { useAtomValue } from 'jotai';
import { css } from 'styled-system/css';
import { hasTranslation, translationsAtom, useT } from '../../lib/i18n';
import type { User } from '../../../shared/entities/user';

const you = css({ color: 'fg.muted', ml: '1' });

/** The e-mail, marked '(you)' on the signed-in user's own row (spec 1, 2.12). */
export function EmailCell({ user }: { user: User }) {
  const t = useT();
  return (
    <>
      {user.email}
      {user.current_user && <span className={you}>{t('users.you')}</span>}
    </>
  );
}

export function RolesCell({ roles }: { roles: readonly string[] }) {
  const t = useT();
  return <>{roles.map((role) => t(`users.roles.${role}`)).join(', ')}</>;
}

/** Single sign-on providers by name; one this screen has no name for shows as the server sent it. */
export function ProvidersCell({ user }: { user: User }) {
  const t = useT();
  const tree = useAtomValue(translationsAtom);
  const name = (provider: string) => (hasTranslation(tree, `users.providers.${provider}`) ? t(`users.providers.${provider}`) : provider);
  return <>{user.authentications.map((a) => name(a.provider)).join(', ')}</>;
}
