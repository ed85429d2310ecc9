import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { css, cx } from 'styled-system/css';
import type { ModalDialogProps } from './dialog';

/** The react-aria dialog behind `ModalDialog` (`dialog.tsx`), which fetches this code on first use. */
const overlay = css({
  position: 'fixed',
  inset: 0,
  zIndex: 100,
  bg: 'overlay',
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'center',
  pt: '12vh',
});
const modal = css({
  bg: 'bg.surface',
  color: 'fg',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border',
  boxShadow: 'popover',
  maxH: '76vh',
  overflow: 'auto',
  w: 'calc(100vw - 32px)',
});
const widths = { sm: css({ maxW: '420px' }), md: css({ maxW: '640px' }), lg: css({ maxW: '960px' }) };
const dialogBox = css({ p: '4', outline: 'none', display: 'flex', flexDirection: 'column', gap: '3' });
const titleStyle = css({ fontSize: 'lg', fontWeight: '600', m: 0 });
const footerStyle = css({ display: 'flex', justifyContent: 'flex-end', gap: '2', pt: '1' });

export function ModalDialog({ isOpen, onOpenChange, title, children, footer, role = 'dialog', dismissable = true, width = 'sm' }: ModalDialogProps) {
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable={dismissable} className={overlay}>
      <Modal className={cx(modal, widths[width])}>
        <Dialog role={role} className={dialogBox} data-focus-owner="">
          <Heading slot="title" className={titleStyle}>
            {title}
          </Heading>
          {children}
          {footer && <div className={footerStyle}>{footer}</div>}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

