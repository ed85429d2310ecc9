import { css } from 'styled-system/css';
import { DateField, FileField, SwitchField } from '../../kit/fields';
import { useT } from '../../lib/i18n';
import { useIsAdmin } from './use-admin';

const box = css({ display: 'flex', flexDirection: 'column', gap: '2', p: '3', borderWidth: '1px', borderColor: 'accent', bg: 'bg.selected', borderRadius: 'md' });
const row = css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '3', alignItems: 'start' });

/**
 * The change-request part of the form (spec 2, 4): the checkbox for a vendor that is not read-only;
 * once a change request is needed (a confirmed vendor's compared fields changed) the info text, the
 * confirmation document (admins: saving with it applies the change at once) and valid-from.
 */
export function ChangeRequestSection({ required, showCheckbox, confirmed }: { required: boolean; showCheckbox: boolean; confirmed: boolean }) {
  const t = useT();
  const admin = useIsAdmin();
  // An admin also confirms a new vendor by saving it with its confirmation document (DOMAIN "Vendors").
  const document = admin && (required || !confirmed);
  if (!showCheckbox && !required && !document) return null;
  return (
    <section className={required ? box : css({ display: 'flex', flexDirection: 'column', gap: '2' })} aria-label={t('vendors.change_request.section')}>
      {showCheckbox && <SwitchField name="create_change_request" />}
      {required && (
        <p role="status" className={css({ m: 0 })}>
          {t('vendors.change_request.info')}
        </p>
      )}
      <div className={row}>
        {document && <FileField name="confirmation_document" accept=".pdf,application/pdf" />}
        {/* A change request says from when it applies (the server requires it). */}
        {required && <DateField name="valid_from" required />}
      </div>
    </section>
  );
}
