import { css } from 'styled-system/css';
import { CONTENT_LOCALES } from '../../../shared/locales';
import { SelectField, TextField, optionsFrom } from '../../kit/fields';
import { FieldList } from '../../kit/form';
import type { LegalImprint } from './organization';

const localeOptions = optionsFrom(CONTENT_LOCALES, 'organizations.locales');
const template = css({ gridColumn: '1 / -1' });

/** Legal imprints: one per locale (en, de, es, fr, it, nl, pl), each a multi-line template. */
export function LegalImprints() {
  return (
    <FieldList<LegalImprint> name="legal_imprints" itemLabel="organizations.items.legal_imprint" newItem={() => ({ locale: '', template: '' })}>
      {({ path }) => (
        <>
          <SelectField name={`${path}.locale`} options={localeOptions} />
          <TextField name={`${path}.template`} multiline rows={5} className={template} />
        </>
      )}
    </FieldList>
  );
}
