import { useId, useState, type FormEvent } from 'react';
import { button } from 'styled-system/recipes';
import { useT } from '../../lib/i18n';
import { ModalDialog } from '../dialog';
import { TextField } from '../fields';
import { checkLinkUrl } from './link-url';

export interface LinkDialogProps {
  isOpen: boolean;
  /** The address of the link at the selection ('' for a new link). */
  initialUrl: string;
  /** The selection is on a link: offers Remove and says 'Edit link'. */
  existing: boolean;
  /** OK with a valid address ('' removes the link). */
  onApply(url: string): void;
  onRemove(): void;
  onClose(): void;
}

/**
 * The link dialog (spec 1, 2.14 and 5): the kit's accessible modal with one address field. OK (or
 * Enter) checks the address with the shared rule: `example.com` becomes `https://example.com`, an
 * address with another scheme gets the field error `invalid`; an empty address removes the link.
 * Remove (on a link) unlinks the text; Cancel and Escape change nothing.
 */
export function LinkDialog({ isOpen, initialUrl, existing, onApply, onRemove, onClose }: LinkDialogProps) {
  const t = useT();
  const formId = useId();
  const [url, setUrl] = useState(initialUrl);
  const [error, setError] = useState<string | undefined>();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog is portalled out of any surrounding <form>, but React would still bubble the submit to it.
    e.stopPropagation();
    const checked = checkLinkUrl(url);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    onApply(checked.url);
  };

  return (
    <ModalDialog
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title={t(existing ? 'rich_text.link_dialog.title_edit' : 'rich_text.link_dialog.title_add')}
      footer={
        <>
          {existing && (
            <button type="button" className={button({ variant: 'secondary' })} onClick={onRemove}>
              {t('rich_text.link_dialog.remove')}
            </button>
          )}
          <button type="button" className={button({ variant: 'secondary' })} onClick={onClose}>
            {t('rich_text.link_dialog.cancel')}
          </button>
          <button type="submit" form={formId} className={button({ variant: 'primary' })}>
            {t('rich_text.link_dialog.ok')}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit}>
        <TextField
          label="rich_text.link_dialog.url"
          hint="rich_text.link_dialog.url_hint"
          value={url}
          onChange={(next) => {
            setUrl(next);
            setError(undefined);
          }}
          error={error}
          labelInError
          inputMode="url"
          autoFocus
        />
      </form>
    </ModalDialog>
  );
}
