import { useMemo, type ReactNode } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { css, cx } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { labelledRegion } from './overlay-landmarks';
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
  // Portaled to the end of <body>: a labelled region keeps it (and react-aria's dismiss buttons) in a landmark.
  const asRegion = useMemo(() => labelledRegion({ label }), [label]);
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      <Button aria-label={label} isDisabled={isDisabled} className={cx(button({ variant: 'secondary' }), fieldStyles.iconButton)}>
        <span aria-hidden="true">{icon}</span>
      </Button>
      <Popover placement="bottom end" className={fieldStyles.popover} ref={asRegion}>
        <Dialog aria-label={label} className={box} data-focus-owner="">
          {children}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
