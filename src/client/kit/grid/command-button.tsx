import { useId, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { isHidden } from '../../../../commands/registry';
import { useCommands, type ContextExtras } from '../../commands/context';
import { useT } from '../../lib/i18n';

/**
 * A button bound to a command id (DESIGN principle 2): the registry decides whether it shows, whether it
 * is enabled and why not; the button holds no action logic. A disabled command stays focusable
 * (aria-disabled) so its reason can be read, from the tooltip or as the button's description.
 */
export interface CommandButtonProps {
  command: string;
  extras?: ContextExtras;
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md';
  /** Default: the command's translated title. */
  children?: ReactNode;
  className?: string;
}

export function CommandButton({ command: id, extras, variant = 'secondary', size = 'md', children, className }: CommandButtonProps) {
  const t = useT();
  const commands = useCommands();
  const reasonId = useId();
  const command = commands.command(id);
  if (!command) return null;
  const availability = commands.availability(id, extras);
  if (isHidden(availability)) return null;
  const disabled = !commands.isEnabled(availability);
  const reason = !disabled ? undefined : 'reason' in availability ? t(availability.reason) : undefined;
  return (
    <>
      <button
        type="button"
        className={cx(button({ variant, size }), className)}
        aria-disabled={disabled || undefined}
        title={reason}
        aria-describedby={reason ? reasonId : undefined}
        data-command={id}
        onClick={() => {
          if (!disabled) void commands.run(id, extras);
        }}
      >
        {children ?? t(command.title)}
      </button>
      {reason && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </>
  );
}
