import { css } from 'styled-system/css';
import { REVENUE_SHARE_FORMULAS, SHARE_SET_NAMES } from '../../../../shared/validation/contracts';
import { MoneyField, PercentField, SelectField, optionsFrom } from '../../../kit/fields';
import { fieldStyles } from '../../../kit/fields/styles';
import { useForm, type ResourceFormApi } from '../../../kit/form';
import { errorText, useT } from '../../../lib/i18n';
import { paramsOf, sharesOf, withFormula, type RevenueShareValues, type ShareSet } from './contract-values';

const shareStyle = css({ m: 0, p: '3', borderWidth: '1px', borderColor: 'border', borderRadius: 'md', display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))', gap: '3', alignItems: 'start', minW: 0 });
const legendStyle = css({ fontWeight: '600', px: '1' });

/**
 * The revenue shares of a contract or an amendment (spec 2, 5): a combined (all + direct) or a
 * separate (indirect, red, ecommerce, direct, shorts) set, each share a formula with its params.
 * Switching sets starts the shares afresh; changing a formula clears its params.
 */
export function SharesField({ sharesPath = 'revenue_shares', setPath = 'revenue_share_params', currency, disabled }: { sharesPath?: string; setPath?: string; currency?: string; disabled?: boolean }) {
  const t = useT();
  const form = useForm() as unknown as ResourceFormApi<Record<string, unknown>>;
  const shares = (form.getValue(sharesPath) ?? []) as RevenueShareValues[];
  const listError = form.errorFor(sharesPath);
  const setShare = (index: number, next: RevenueShareValues) =>
    form.setValues((v) => ({ ...v, [sharesPath]: (v[sharesPath] as RevenueShareValues[]).map((s, i) => (i === index ? next : s)) }));
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <SelectField
        name={setPath}
        label="contract_form.fields.revenue_share_params"
        allowEmpty={false}
        disabled={disabled}
        options={optionsFrom(SHARE_SET_NAMES, 'contract_form.share_sets')}
        onChange={(set) => form.setValues((v) => ({ ...v, [sharesPath]: sharesOf(set as ShareSet) }))}
      />
      {listError && (
        <p className={fieldStyles.error} role="alert">
          {t('contract_form.fields.revenue_shares')} {errorText(t, listError)}
        </p>
      )}
      {shares.map((share, i) => {
        const path = `${sharesPath}.${i}`;
        const params = paramsOf(share.formula);
        return (
          <fieldset key={share.type} className={shareStyle}>
            <legend className={legendStyle}>{t(`contract_form.share_types.${share.type}`)}</legend>
            <SelectField
              name={`${path}.formula`}
              label="contract_form.fields.formula"
              disabled={disabled}
              options={optionsFrom(REVENUE_SHARE_FORMULAS, 'contract_form.formulas')}
              onChange={(formula) => setShare(i, withFormula(share, formula as RevenueShareValues['formula']))}
            />
            {params.includes('rev_share') && <PercentField name={`${path}.rev_share`} label="contract_form.fields.rev_share" disabled={disabled} required />}
            {params.includes('baseline') && <MoneyField name={`${path}.baseline`} label="contract_form.fields.baseline" currency={currency} disabled={disabled} required />}
            {params.includes('fixed_income') && <MoneyField name={`${path}.fixed_income`} label="contract_form.fields.fixed_income" currency={currency} disabled={disabled} required />}
            {params.includes('threshold') && <MoneyField name={`${path}.threshold`} label="contract_form.fields.threshold" currency={currency} disabled={disabled} required />}
          </fieldset>
        );
      })}
    </div>
  );
}
