import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, Tooltip, TooltipTrigger } from 'react-aria-components';
import { css } from 'styled-system/css';
import { useT } from '../lib/i18n';
import type { SessionUser } from '../session';
import { avatar, initial } from './user-button';

const tooltip = css({ px: '2', py: '1', fontSize: 'xs', bg: 'fg', color: 'bg.surface', borderRadius: 'sm', boxShadow: 'popover' });
const item = css({ px: '3', py: '1.5', cursor: 'pointer', outline: 'none', borderRadius: 'sm', '&[data-focused]': { bg: 'bg.hover' } });

/** Avatar (first letter of the first name, full name as a tooltip) and the user menu. */
export function UserMenu({ user, onAction }: { user: SessionUser; onAction: (id: string) => void }) {
  const t = useT();
  const fullName = `${user.first_name} ${user.last_name}`.trim();
  return (
    // The full name is a react-aria tooltip: shown on hover and on keyboard focus, and announced as the
    // button's description while it shows.
    <TooltipTrigger delay={400}>
      <MenuTrigger>
        <Button
          aria-label={t('shell.user_menu', { name: fullName })}
          className={avatar}
        >
          <span aria-hidden="true">{initial(user)}</span>
        </Button>
        <Popover placement="bottom end" className={css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', boxShadow: 'popover', p: '1', minW: '200px' })}>
          <div className={css({ px: '3', py: '2', color: 'fg.muted', fontSize: 'xs' })}>
            <div className={css({ color: 'fg', fontWeight: '600', fontSize: 'sm' })}>{fullName}</div>
            {user.email}
          </div>
          <Menu aria-label={t('shell.user_menu', { name: fullName })} onAction={(key) => onAction(String(key))} className={css({ outline: 'none' })}>
            <MenuItem id="shell.language.en" className={item}>
              {t('commands.language_en')}
            </MenuItem>
            <MenuItem id="shell.language.de" className={item}>
              {t('commands.language_de')}
            </MenuItem>
            <MenuItem id="shell.theme" className={item}>
              {t('commands.theme')}
            </MenuItem>
            <MenuItem id="shell.help" className={item}>
              {t('commands.help')}
            </MenuItem>
            <Separator className={css({ my: '1', borderTopWidth: '1px', borderColor: 'border' })} />
            <MenuItem id="shell.sign_out" className={item}>
              {t('commands.sign_out')}
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Tooltip placement="bottom end" offset={6} className={tooltip}>
        {fullName}
      </Tooltip>
    </TooltipTrigger>
  );
}
