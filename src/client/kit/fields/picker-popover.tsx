import type { ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { fieldStyles } from './styles';

export interface PickerPopoverProps {
  /** Translated name of the trigger button and of the popover dialog. */
  label: string;
  /** The trigger's visible content (an icon glyph); hidden from assistive technology. */
  icon: ReactNode;
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  isDisabled?: boolean;
  children: ReactNode;
}

const box = css({ p: '2', outline: 'none' });

/** A button beside a field that opens a small picker dialog (calendar, month grid); Escape closes it. */
export function PickerPopover({ label, icon, isOpen, onOpenChange, isDisabled, children }: PickerPopoverProps) {
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button aria-label={label} isDisabled={isDisabled} className={cx(button({ variant: 'secondary' }), fieldStyles.iconButton)}>
        <span aria-hidden="true">{icon}</span>
      </Button>
      <Popover placement="bottom end" className={fieldStyles.popover}>
        <Dialog aria-label={label} className={box} data-focus-owner="">
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
