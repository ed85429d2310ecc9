import { css } from 'styled-system/css';
import { button } from 'styled-system/recipes';
import { useAtomValue } from 'jotai';
import { resendConfirmation } from '../../../../commands/vendors';
import { useCommandEnvironment } from '../../commands/context';
import { CountryField, DateField, EmailField, SwitchField, TextField } from '../../kit/fields';
import { formatDate } from '../../kit/grid';
import { FieldList, useForm } from '../../kit/form';
import { StateChip } from '../../kit/state-chip';
import { languageAtom, useT } from '../../lib/i18n';
import { useCountries } from '../../lib/reference-names';
import { isPending } from './format';
import { newContact, newEmail, type ContactValues, type EmailValues } from './vendor-values';

const emailRow = css({ display: 'contents' });
const chipRow = css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', gridColumn: '1 / -1' });

/** One e-mail: address, label, portal and signing switches (one of each per contact), its pending state. */
function EmailFields({ path, value, siblings, vendorId }: { path: string; value: EmailValues; siblings: EmailValues[]; vendorId: number | null }) {
  const t = useT();
  const env = useCommandEnvironment();
  const lng = useAtomValue(languageAtom);
  // Once one e-mail of the contact has it, the others' switch is off limits (spec 2, 5).
  const portalTaken = siblings.some((e) => e !== value && e.can_access_portal);
  const signTaken = siblings.some((e) => e !== value && e.can_sign);
  const pending = value.id !== undefined && isPending({ can_access_portal: value.can_access_portal, portal_user_id: value.portal_user_id ?? null, is_confirmed: value.is_confirmed ?? false, portal_confirmation: value.portal_confirmation });
  return (
    <div className={emailRow}>
      <EmailField name={`${path}.email`} />
      <TextField name={`${path}.label`} />
      <SwitchField name={`${path}.can_access_portal`} disabled={portalTaken && !value.can_access_portal} />
      <SwitchField name={`${path}.can_sign`} disabled={signTaken && !value.can_sign} />
      {pending && vendorId !== null && (
        <div className={chipRow}>
          <StateChip tone="warning" icon="⏳">
            {t('vendors.email_pending', { date: value.confirmation_sent_at ? formatDate(value.confirmation_sent_at, lng) : '' })}
          </StateChip>
          <button type="button" className={button({ size: 'sm' })} onClick={() => void resendConfirmation({ services: env.services, t }, vendorId, value.id!)}>
            {t('vendors.commands.resend_confirmation')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Free-text accounts (skype, facebook): de-duplicated when the form is saved (the server keeps one of each). */
function AccountList({ name, field }: { name: string; field: 'login' | 'profile' }) {
  return (
    <FieldList<Record<string, string>> name={name} layout="rows" reorderable={false} newItem={() => ({ [field]: '' })}>
      {({ path }) => <TextField name={`${path}.${field}`} />}
    </FieldList>
  );
}

/** The contacts tab (spec 2, 2 "Contacts tab"): the only contact cannot be removed; nor the only e-mail of a contact. */
export function ContactsFields({ vendorId }: { vendorId: number | null }) {
  const form = useForm();
  const countries = useCountries();
  return (
    <FieldList<ContactValues> name="contacts" itemLabel="vendors.items.contact" min={1} reorderable={false} newItem={newContact}>
      {({ path }) => (
        <div className={css({ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: '3' })}>
          <div className={css({ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3' })}>
            <TextField name={`${path}.first_name`} />
            <TextField name={`${path}.last_name`} />
            <TextField name={`${path}.nickname`} />
            <DateField name={`${path}.date_of_birth`} />
          </div>
          <FieldList<EmailValues> name={`${path}.emails`} itemLabel="vendors.items.email" min={1} reorderable={false} newItem={newEmail}>
            {(email) => <EmailFields path={email.path} value={email.value} siblings={(form.getValue(`${path}.emails`) as EmailValues[]) ?? []} vendorId={vendorId} />}
          </FieldList>
          <FieldList<ContactValues['phone_numbers'][number]> name={`${path}.phone_numbers`} layout="rows" reorderable={false} newItem={() => ({ country_code: '', number: '', label: '' })}>
            {(phone) => (
              <>
                <CountryField name={`${phone.path}.country_code`} countries={countries} />
                <TextField name={`${phone.path}.number`} type="tel" />
                <TextField name={`${phone.path}.label`} />
              </>
            )}
          </FieldList>
          <AccountList name={`${path}.skype_accounts`} field="login" />
          <AccountList name={`${path}.facebook_accounts`} field="profile" />
        </div>
      )}
    </FieldList>
  );
}
